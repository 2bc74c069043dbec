import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { workflowQuery } from '../../../../features/workflows/queries.ts';
import { workflowPageDefaults, workflowPageSearch, type ItemListSearch } from '../../../../features/workflows/search.ts';
import { WorkflowScreen } from '../../../../features/workflows/workflow-screen.tsx';
import { currentAccountKey } from '../../../../lib/account.ts';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it, not a Retry that cannot work. */
const requires = { resource: '/workflows/{id}', method: 'GET' } as const;

export const Route = createFileRoute('/_app/workflows/$workflowId/')({
  beforeLoad: requirePermission(requires, 'see workflows'),
  errorComponent: RouteError,
  validateSearch: workflowPageSearch,
  search: { middlewares: [stripSearchParams(workflowPageDefaults)] },
  // A missing workflow is the screen's to show (the 404 screen).
  loader: ({ context, params }) => context.queryClient.ensureQueryData(workflowQuery(currentAccountKey(), params.workflowId)).catch(deniedOr(requires, 'see workflows')),
  component: function WorkflowRoute() {
    const { workflowId } = Route.useParams();
    const { add, ...items } = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<ItemListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return (
      <WorkflowScreen
        workflowId={workflowId}
        search={items}
        onSearchChange={handleSearchChange}
        adding={add === '' ? null : add === 'palette' ? 'palette' : 'manual'}
        onAddingChange={(adding) => void navigate({ search: (prev) => ({ ...prev, add: adding === null ? '' : adding === 'palette' ? 'palette' : 'item' }), replace: true })}
      />
    );
  },
});
