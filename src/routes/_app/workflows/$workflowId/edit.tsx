import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { workflowQuery } from '../../../../features/workflows/queries.ts';
import { WorkflowEditScreen } from '../../../../features/workflows/workflow-edit-screen.tsx';
import { currentAccountKey } from '../../../../lib/account.ts';
import { requirePermission } from '../../../../lib/route-guard.ts';

export const Route = createFileRoute('/_app/workflows/$workflowId/edit')({
  beforeLoad: requirePermission({ resource: '/workflows/{id}', method: 'PATCH' }, 'edit workflows'),
  errorComponent: RouteError,
  // A missing workflow is the screen's to show (the 404 screen).
  loader: ({ context, params }) => context.queryClient.ensureQueryData(workflowQuery(currentAccountKey(), params.workflowId)).catch(() => undefined),
  component: function WorkflowEditRoute() {
    const { workflowId } = Route.useParams();
    return <WorkflowEditScreen workflowId={workflowId} />;
  },
});
