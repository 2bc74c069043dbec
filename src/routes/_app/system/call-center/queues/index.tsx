import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { queueSortColumns } from '../../../../../../domain/lists.ts';
import { QueuesListScreen } from '../../../../../features/queues/queues-list-screen.tsx';
import { queueListQuery, type QueueListSearch } from '../../../../../features/queues/queries.ts';
import { currentAccountKey } from '../../../../../lib/account.ts';
import { listSearchDefaults, listSearchShape } from '../../../../../lib/list-search.ts';
import { RouteError } from '../../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../../lib/route-guard.ts';
import { oneOf, searchParams } from '../../../../../lib/search-params.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/callcenter/queues', method: 'GET' } as const;

export const Route = createFileRoute('/_app/system/call-center/queues/')({
  beforeLoad: requirePermission(requires, 'see call-center queues'),
  errorComponent: RouteError,
  validateSearch: searchParams({ ...listSearchShape(queueSortColumns), refresh: oneOf([1, '1'], undefined) }),
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  // A failed prefetch is not the route's failure: the screen shows the error with Retry.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(queueListQuery(currentAccountKey(), deps)).catch(deniedOr(requires, 'see call-center queues')),
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
