import { ApiRequestError } from './api.ts';

/**
 * Retry once on network and server failures, never on the API's refusals (404, 403, 400):
 * asking again for a missing record only delays the 404 screen.
 */
export const retryUnlessRefused = (failureCount: number, error: unknown) =>
  !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failureCount < 1;
