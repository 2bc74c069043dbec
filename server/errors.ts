import { randomUUID } from 'node:crypto';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { messages } from '../domain/messages.ts';

/** An error the API answers as `{ error: { code, message, fields? } }` (architecture "API shape"). */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** The error id of the log line that tells more (an integration's failure, logged once where it was answered). */
    readonly id?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new ApiError(400, 'invalid_request', message, fields);
export const unauthorized = (message: string) => new ApiError(401, 'unauthenticated', message);
export const forbidden = (message: string) => new ApiError(403, 'forbidden', message);
export const notFound = (message: string) => new ApiError(404, 'not_found', message);
export const conflict = (message: string) => new ApiError(409, 'conflict', message);

/** The database's error code (SQLSTATE, e.g. '23505') or the system's (e.g. 'ECONNREFUSED'), from the error or its causes. */
export function errorCode(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code: unknown = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return null;
}

/**
 * Logs an unexpected error and returns its id, which the 500 answer carries so support can find
 * the log line. The line holds the id, the method, the route pattern, the error's class, the
 * database error code and the stack frames — never the error's message, the URL or the body:
 * a failed query's message quotes its parameters, a parse error quotes the input, and query
 * strings hold patient data.
 */
export function logInternalError(error: unknown, request: { method: string; route: string }): string {
  const id = randomUUID();
  const name = error instanceof Error ? error.constructor.name : typeof error;
  const frames = error instanceof Error ? (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)) : [];
  console.error(`[api] internal error ${JSON.stringify({ id, method: request.method, route: request.route, error: name, code: errorCode(error) })}\n${frames.join('\n')}`);
  return id;
}

/**
 * Logs an integration vendor's failure once, where the API answers it, and returns the line's
 * id for the answer. The line holds the id, the integration, the failure, the route, and the
 * vendor's status and error code from the cause chain — never the vendor's message, a URL or a
 * request body, which can quote ids, names and message texts about patients.
 */
export function logVendorError(integration: string, failure: string, error: unknown, request: { method: string; route: string }): string {
  const id = randomUUID();
  let status: number | null = null;
  let code: string | null = null;
  const kinds: string[] = [];
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    kinds.push(e.constructor.name);
    const fields = e as { statusCode?: unknown; code?: unknown };
    if (status === null && typeof fields.statusCode === 'number') status = fields.statusCode;
    if (code === null && typeof fields.code === 'string') code = fields.code;
  }
  console.error(`[${integration}] vendor error ${JSON.stringify({ id, failure, method: request.method, route: request.route, status, code, error: kinds.join(' <- ') })}`);
  return id;
}

/** The database cannot be reached right now (down, restarting, failing over): try again shortly. */
export const unavailable = () => new ApiError(503, 'database_unavailable', messages.databaseUnavailable);
