import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../../components/ui/no-permission.tsx';
import { itemQuery } from '../../../../../features/workflows/queries.ts';
import { WorkflowItemScreen } from '../../../../../features/workflows/workflow-item-screen.tsx';
import { currentAccountKey } from '../../../../../lib/account.ts';
import { deniedOr, requirePermission } from '../../../../../lib/route-guard.ts';

/** Items are read with the workflow's own grant. */
const requires = { resource: '/workflows/{id}', method: 'GET' } as const;

export const Route = createFileRoute('/_app/workflows/$workflowId/items/$itemId')({
  beforeLoad: requirePermission(requires, 'see workflows'),
  errorComponent: RouteError,
  // A missing item is the screen's to show (the 404 screen).
  loader: ({ context, params }) => context.queryClient.ensureQueryData(itemQuery(currentAccountKey(), params.itemId)).catch(deniedOr(requires, 'see workflows')),
  component: function WorkflowItemRoute() {
    const { workflowId, itemId } = Route.useParams();
    return <WorkflowItemScreen workflowId={workflowId} itemId={itemId} />;
  },
});
