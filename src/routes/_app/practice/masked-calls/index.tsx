import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { defaultPageSize, maskedCallSortColumns, pageSizes, sortOrders } from '../../../../../domain/lists.ts';
import { MaskedCallsListScreen } from '../../../../features/masked-calls/masked-calls-list-screen.tsx';
import { maskedCallListQuery, type MaskedCallListSearch } from '../../../../features/masked-calls/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';
import { oneOf, searchParams, text, whole } from '../../../../lib/search-params.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it, not a Retry that cannot work. */
const requires = { resource: '/call_masking/sessions', method: 'GET' } as const;

/** Newest first unless the URL says otherwise. */
const defaults = { page: 1, size: defaultPageSize, sort: 'createdTimestamp', order: 'desc', q: '' } as const;

export const Route = createFileRoute('/_app/practice/masked-calls/')({
  beforeLoad: requirePermission(requires, 'see masked calls'),
  errorComponent: RouteError,
  validateSearch: searchParams({
    page: whole(1, 1),
    size: oneOf(pageSizes, defaultPageSize),
    sort: oneOf(maskedCallSortColumns, defaults.sort),
    order: oneOf(sortOrders, defaults.order),
    q: text(100),
  }),
  search: { middlewares: [stripSearchParams(defaults)] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  // A failed prefetch is not the route's failure: the screen shows the error with Retry.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(maskedCallListQuery(currentAccountKey(), deps)).catch(deniedOr(requires, 'see masked calls')),
  component: function MaskedCallsRoute() {
    const { page, size, sort, order, q } = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<MaskedCallListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return <MaskedCallsListScreen search={{ page, size, sort, order, q }} onSearchChange={handleSearchChange} />;
  },
});
