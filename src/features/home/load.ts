import type { QueryClient } from '@tanstack/react-query';
import { currentAccountKey } from '../../lib/account.ts';
import { prepareDateTimeFormat } from '../../lib/format.ts';
import { can } from '../../lib/policy.ts';
import { prefetchWhenAllowed } from '../../lib/session.ts';
import { recentChangesQuery } from './queries.ts';

/**
 * The loader of every route that shows the home content (/home and the system routes of spec §2
 * that show it). The recent changes are asked for as soon as the access policy says the role may
 * read the log, not once the screen has rendered with it (one long task later, on Lighthouse's
 * phone the last step before its largest paint). Neither waits for the other's answer: the screen
 * shows at once.
 */
export function loadHome(queryClient: QueryClient) {
  const account = currentAccountKey();
  // The recent changes show dates: their formatter is made while the policy is on its way.
  prepareDateTimeFormat();
  prefetchWhenAllowed(queryClient, account, (policy) => can(policy, '/audit/entries', 'GET'), () => void queryClient.prefetchQuery(recentChangesQuery(account)));
}
