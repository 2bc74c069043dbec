import { ApiRequestError } from './api.ts';

/**
 * Retry once on network and server failures, never on the API's refusals (404, 403, 400):
 * asking again for a missing record only delays the 404 screen.
 */
export const retryUnlessRefused = (failureCount: number, error: unknown) =>
  !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failureCount < 1;

/** How recent data must be for a screen mounting on it not to read it again (`refetchOnMount`). */
export const justFetchedMs = 2_000;

/**
 * The app's query defaults. Spec §7: cached queries are not refetched on window focus. Data stays
 * stale at once (staleTime 0), so a screen opened again reads its data again, except data that
 * arrived a moment ago and was not invalidated since: the route's loader has just fetched it, and
 * the screen mounting on it asked for it a second time (every list on a cold load, issue 25).
 */
export const queryDefaults = {
  queries: {
    refetchOnWindowFocus: false,
    retry: 1,
    refetchOnMount: (query: { state: { isInvalidated: boolean; dataUpdatedAt: number } }) => query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt >= justFetchedMs,
  },
} as const;
