import * as v from 'valibot';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { queueSortColumns } from '../../../../../../domain/queues.ts';
import { QueuesListScreen } from '../../../../../features/queues/queues-list-screen.tsx';
import { queueListQuery, type QueueListSearch } from '../../../../../features/queues/queries.ts';
import { currentAccountKey } from '../../../../../lib/account.ts';
import { listSearchDefaults, listSearchSchema } from '../../../../../lib/list-search.ts';

export const Route = createFileRoute('/_app/system/call-center/queues/')({
  validateSearch: v.object({ ...listSearchSchema(queueSortColumns).entries, refresh: v.fallback(v.optional(v.picklist([1, '1'])), undefined) }),
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  // A failed prefetch is not the route's failure: the screen shows the error with Retry.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(queueListQuery(currentAccountKey(), deps)).catch(() => undefined),
  component: function QueuesRoute() {
    const { page, size, sort, order, q, refresh } = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<QueueListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return (
      <QueuesListScreen
        search={{ page, size, sort, order, q }}
        onSearchChange={handleSearchChange}
        refreshNow={refresh !== undefined}
        onRefreshStarted={() => void navigate({ search: (prev) => ({ ...prev, refresh: undefined }), replace: true })}
      />
    );
  },
});
