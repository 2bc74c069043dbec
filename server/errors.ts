import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { messages } from '../domain/messages.ts';

/** An error the API answers as `{ error: { code, message, fields? } }` (architecture "API shape"). */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
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
/** The database cannot be reached right now (down, restarting, failing over): try again shortly. */
export const unavailable = () => new ApiError(503, 'database_unavailable', messages.databaseUnavailable);
