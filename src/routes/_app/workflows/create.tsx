import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../components/ui/no-permission.tsx';
import { WorkflowCreateScreen } from '../../../features/workflows/workflow-create-screen.tsx';
import { requirePermission } from '../../../lib/route-guard.ts';

export const Route = createFileRoute('/_app/workflows/create')({
  beforeLoad: requirePermission({ resource: '/workflows', method: 'POST' }, 'create workflows'),
  errorComponent: RouteError,
  component: WorkflowCreateScreen,
});
