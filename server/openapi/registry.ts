import type * as v from 'valibot';

/** A route as Hono mounts it: the method and the full path under the API's base (`GET /person/persons/:id`). */
export type OperationKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

/**
 * What the routes themselves cannot tell about one operation: what it answers. The parameters and
 * the request body come from the route's own validators (server/validate.ts), the catalogue
 * resource from its `requires()`; this adds the answer's valibot schema (described by its output),
 * an example of it, and an example request when the generated one would say little.
 */
export type OperationDoc = {
  summary?: string;
  description?: string;
  /** The success status (200 unless said). */
  status?: 200 | 201 | 202 | 204;
  /** The answer's schema; absent for an answer without a body (204) or one not described yet. */
  answer?: v.GenericSchema;
  /** An answer that is no JSON (a photo, an event stream, a recording): its media type. */
  media?: string;
  answerExample?: unknown;
  /** A request whose body is no JSON (a photo): its media type. */
  requestMedia?: string;
  /** A request body example; it must pass the route's own validator (server/openapi/openapi.test.ts). */
  requestExample?: unknown;
  /** Query parameters of an example request; they must pass the route's own validator too. */
  queryExample?: Record<string, string>;
};

/** One area's operations (server/routes/<area>/openapi.ts), keyed by method and mounted path. */
export type AreaDocs = Partial<Record<OperationKey, OperationDoc>>;

/** Keeps an area's keys checked against the type while its values stay as written. */
export const areaDocs = (docs: AreaDocs): AreaDocs => docs;
