import { resolver, uniqueSymbol } from 'hono-openapi';
import type { ValidationTargets } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { fieldLabel } from '../domain/fields.ts';
import { expectationMessage, type expectationMessages, messages } from '../domain/messages.ts';
import { isStorableText } from '../domain/text.ts';
import { badRequest } from './errors.ts';

const kinds: Partial<Record<string, keyof typeof expectationMessages>> = {
  array: 'array',
  bigint: 'bigint',
  boolean: 'boolean',
  integer: 'integer',
  null: 'null',
  number: 'number',
  object: 'object',
  loose_object: 'object',
  strict_object: 'object',
  string: 'string',
  to_number: 'number',
  uuid: 'uuid',
  email: 'email',
  iso_date: 'iso_date',
  non_empty: 'non_empty',
};

/** Where a fallback message names its field: the label is known only once the whole path is (after the parse). */
const label = '{label}';

/**
 * What a field expects, for the issues whose schema gave no message of its own. Valibot's default
 * messages quote the value received ('Expected number but received "…"'), and an error never
 * echoes the request (architecture "API shape"), so this is built from the schema's side only: a
 * text of `expectationMessages` (domain/messages.ts), whose label `fieldErrors` fills in.
 */
export function expectation(issue: v.BaseIssue<unknown>): string {
  const requirement: unknown = issue.requirement;
  const items = typeof issue.input === 'string' ? 'text' : 'items';
  switch (issue.type) {
    case 'min_value':
      return expectationMessage('min_value', label, String(requirement));
    case 'max_value':
      return expectationMessage('max_value', label, String(requirement));
    case 'min_length':
      return expectationMessage(`min_length_${items}`, label, String(requirement));
    case 'max_length':
      return expectationMessage(`max_length_${items}`, label, String(requirement));
    case 'picklist':
    case 'literal':
    case 'union':
    case 'variant':
      return issue.expected ? expectationMessage('one_of', label, issue.expected) : expectationMessage('not_allowed', label);
  }
  return expectationMessage(kinds[issue.type] ?? 'invalid', label);
}

/** The label of the field at a dotted path: its last named key ('names.0.first' → 'First'); the request itself at the root. */
export function pathLabel(path: string | null): string {
  const key = path?.split('.').reverse().find((part) => !/^\d+$/.test(part));
  return key ? fieldLabel(key) : 'The request';
}

/** Field errors keyed by dotted path, first message per field; never echoes the input. */
export function fieldErrors(issues: v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue);
    fields[path ?? '_'] ??= issue.message.replace(label, pathLabel(path));
  }
  return fields;
}

function check<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value, { message: expectation });
  if (!result.success) throw badRequest(messages.invalidRequest, fieldErrors(result.issues));
  return result.output;
}

/** The first top-level key of `value` holding text PostgreSQL cannot store (anywhere inside it), if any. */
function unstorableKey(value: unknown): string | undefined {
  const bad = (inner: unknown): boolean =>
    typeof inner === 'string' ? !isStorableText(inner) : typeof inner === 'object' && inner !== null && Object.values(inner).some(bad);
  if (typeof value !== 'object' || value === null) return undefined;
  return Object.entries(value).find(([, inner]) => bad(inner))?.[0];
}

/** Where a `query()` validator keeps its schema, so the route table tells each route's parameters (server/test/routes.ts). */
export const querySchema = Symbol('querySchema');

/**
 * What hono-openapi reads off a validator to describe its route (server/openapi/document.ts): the
 * same valibot schema that validates, described by what it accepts (its input: a transform's
 * result is the handler's business, not the caller's). The validation itself stays ours (`check`),
 * so its errors keep their shape and messages.
 */
export function described<M extends object>(middleware: M, target: keyof ValidationTargets, schema: v.GenericSchema): M {
  const options = { options: { typeMode: 'input', target: 'draft-2020-12' } };
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema, options), options } });
}

/**
 * A query string's validator. Every parameter is validated like a body field (issue 24): what the
 * schema refuses is a 400 naming the parameter. As a backstop for a parameter whose schema forgets
 * it, text PostgreSQL cannot store (NUL, a lone surrogate) that the schema let through is refused
 * the same way, before it can reach SQL and fail there (a 500).
 */
export const query = <S extends v.GenericSchema>(schema: S) => {
  const middleware = validator('query', (value) => {
    const output = check(schema, value);
    const bad = unstorableKey(output);
    if (bad !== undefined) throw badRequest(messages.invalidRequest, { [bad]: messages.textInvalid });
    return output;
  });
  return described(Object.assign(middleware, { [querySchema]: schema }), 'query', schema);
};

export const json = <S extends v.GenericSchema>(schema: S) =>
  described(
    validator('json', (value) => check(schema, value)),
    'json',
    schema,
  );

export const param = <S extends v.GenericSchema>(schema: S) =>
  described(
    validator('param', (value) => check(schema, value)),
    'param',
    schema,
  );

/** The longest path parameter any route takes (ids, a Teams channel id, a contact point's value, a recording's name). */
export const pathParamMaxLength = 500;

/**
 * The parameters of a route's path (`/a/:id/b/:path{.+}` → id, path) with their text as it came
 * on the wire, from the request's raw path: still percent-encoded, so that an escape that is no
 * UTF-8 (which Hono's own decoding leaves in the value as it was) can be told apart.
 */
export function rawPathParams(pattern: string, rawPath: string): [name: string, raw: string | undefined][] {
  const parts = pattern.split('/');
  const segments = rawPath.split('/');
  const params: [string, string | undefined][] = [];
  parts.forEach((part, i) => {
    const match = /^:(\w+)(?:\{(.*)\})?\??$/.exec(part);
    if (!match) return;
    // A last parameter whose pattern takes any character takes the rest of the path, slashes too.
    const rest = i === parts.length - 1 && match[2] !== undefined && /^\.[+*]$/.test(match[2]);
    params.push([match[1]!, rest ? segments.slice(i).join('/') : segments[i]]);
  });
  return params;
}

/** What is wrong with a path parameter as it came on the wire, if anything: the message for its field. */
function pathParamProblem(name: string, raw: string): string | null {
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    // A malformed escape, or bytes that are no UTF-8 (a lone surrogate's encoding).
    return messages.textInvalid;
  }
  if (!isStorableText(text)) return messages.textInvalid;
  if (text.length > pathParamMaxLength) return expectationMessage('max_length_text', pathLabel(name), String(pathParamMaxLength));
  return null;
}

/**
 * Every path parameter of every route, validated before any handler runs (issue 40), as every
 * query parameter is: text PostgreSQL cannot store (NUL, an unpaired surrogate), an escape that is
 * no UTF-8, or more than `pathParamMaxLength` characters is a 400 naming the parameter, never a
 * query that fails (a 500). Used once, for the whole API (server/app.ts), and it reads the
 * parameters of the routes the request matched: a new route is covered without anyone adding it.
 * What a parameter must be beyond that (an id, a name) is its route's own validator.
 */
export const pathParams = createMiddleware(async (c, next) => {
  const url = c.req.url;
  const start = url.indexOf('/', url.indexOf('://') + 3);
  const end = url.search(/[?#]/);
  const rawPath = start < 0 ? '/' : url.slice(start, end < 0 ? undefined : end);
  const fields: Record<string, string> = {};
  for (const route of matchedRoutes(c)) {
    for (const [name, raw] of rawPathParams(route.path, rawPath)) {
      const problem = raw === undefined ? null : pathParamProblem(name, raw);
      if (problem) fields[name] ??= problem;
    }
  }
  if (Object.keys(fields).length > 0) throw badRequest(messages.invalidRequest, fields);
  await next();
});
