import type { QueryClient } from '@tanstack/react-query';
import { currentAccountKey } from '../../lib/account.ts';
import { prepareDateTimeFormat } from '../../lib/format.ts';
import { can } from '../../lib/policy.ts';
import { prefetchWhenAllowed } from '../../lib/session.ts';
import { historicMetricsQuery, insightsQueuesQuery, realtimeMetricsQuery } from './queries.ts';
import type { InsightsSearch } from './search.ts';
import { insightsWindow } from './window.ts';

/**
 * The Insights route's loader: the window's figures, the live strip's and the queues' are asked for
 * with the screen's code rather than once it has rendered. The charts' code is asked for by the
 * screen once shown: asked for here, beside the screen's own code, it delayed that on a slow
 * network. Nothing is waited for: the screen shows at once, its heading and controls, and says it
 * loads the figures until they are here (waiting for them put Lighthouse's largest paint at
 * 3.5 s); a failure is shown by the screen with Retry. ICU's data (the queues' names sorted, days
 * and times shown) loads meanwhile, in tasks of its own rather than inside the screen's render.
 */
export function loadInsights(queryClient: QueryClient, search: InsightsSearch) {
  const account = currentAccountKey();
  prepareDateTimeFormat();
  void queryClient.prefetchQuery(realtimeMetricsQuery(account, search.queue));
  prefetchWhenAllowed(queryClient, account, (policy) => can(policy, '/callcenter/queues', 'GET'), () => void queryClient.prefetchQuery(insightsQueuesQuery(account)));
  void queryClient.prefetchQuery(historicMetricsQuery(account, insightsWindow(search)));
}
