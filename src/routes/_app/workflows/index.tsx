import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RouteError } from '../../../components/ui/no-permission.tsx';
import { workflowListQuery } from '../../../features/workflows/queries.ts';
import { workflowListShape, type WorkflowListSearch } from '../../../features/workflows/search.ts';
import { WorkflowsListScreen } from '../../../features/workflows/workflows-list-screen.tsx';
import { currentAccountKey } from '../../../lib/account.ts';
import { listSearchDefaults, selectedSearchDefault, selectedSearchParam } from '../../../lib/list-search.ts';
import { deniedOr, requirePermission } from '../../../lib/route-guard.ts';
import { searchParams } from '../../../lib/search-params.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it, not a Retry that cannot work. */
const requires = { resource: '/workflows', method: 'GET' } as const;

export const Route = createFileRoute('/_app/workflows/')({
  beforeLoad: requirePermission(requires, 'see workflows'),
  errorComponent: RouteError,
  validateSearch: searchParams({ ...workflowListShape, selected: selectedSearchParam }),
  search: { middlewares: [stripSearchParams({ ...listSearchDefaults, sort: 'title', ...selectedSearchDefault })] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  // A failed prefetch is not the route's failure: the screen shows 'Error, please try again' with Retry.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(workflowListQuery(currentAccountKey(), deps)).catch(deniedOr(requires, 'see workflows')),
  component: function WorkflowsRoute() {
    const { selected, ...search } = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<WorkflowListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return <WorkflowsListScreen search={search} selected={selected} onSearchChange={handleSearchChange} />;
  },
});
