import { ApiRequestError } from './api.ts';

/**
 * Retry once on network and server failures, never on the API's refusals (404, 403, 400):
 * asking again for a missing record only delays the 404 screen.
 */
export const retryUnlessRefused = (failureCount: number, error: unknown) =>
  !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failureCount < 1;

/** How long after a navigation has settled what it read still counts as just read (`refetchOnMount`, `staleTime`). */
export const justFetchedMs = 2_000;

let navigationStartedAt = 0;
/** While a navigation is under way (the page's first load included): Infinity. */
let navigationSettledAt = Number.POSITIVE_INFINITY;
/** Called by the router as each navigation begins (main.tsx): what was read before it is read again on mount. */
export const noteNavigationStart = () => {
  navigationStartedAt = Date.now();
  navigationSettledAt = Number.POSITIVE_INFINITY;
};
/** Called by the router once a navigation's screen is shown (main.tsx). */
export const noteNavigationSettled = () => {
  navigationSettledAt = Date.now();
};

type Fetched = { state: { isInvalidated: boolean; dataUpdatedAt: number } };
/**
 * Data this navigation has read, not invalidated since: while the navigation is under way, and for
 * 2 s after its screen is shown. Counted from the read itself, a busy machine's screen mounting more
 * than 2 s after its loader's read asked for it again (a run under 4× CPU throttling).
 */
const justFetched = ({ state }: Fetched) =>
  !state.isInvalidated && state.dataUpdatedAt >= navigationStartedAt && Date.now() - Math.max(state.dataUpdatedAt, navigationSettledAt) < justFetchedMs;

/**
 * The app's query defaults. Spec §7: cached queries are not refetched on window focus. Data is
 * stale at once, so a screen opened again reads its data again (Back included: a role that lost a
 * grant meanwhile is refused then). The one exception is data this navigation's route loader has
 * just fetched, not invalidated since: the screen mounting on it asked for it a second time (every
 * list on a cold load, issue 25), and a list shown already, moving to the page (sort, filter) its
 * loader had just read, asked for that page again as it switched to it (bench: next page).
 */
export const queryDefaults = {
  queries: {
    refetchOnWindowFocus: false,
    retry: 1,
    staleTime: (query: Fetched) => (justFetched(query) ? justFetchedMs : 0),
    refetchOnMount: (query: Fetched) => !justFetched(query),
  },
} as const;
