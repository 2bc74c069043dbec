import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { IssueCreateScreen } from '../../../../features/issues/issue-create-screen.tsx';
import { requirePermission } from '../../../../lib/route-guard.ts';

export const Route = createFileRoute('/_app/practice/issues/create')({
  beforeLoad: requirePermission({ resource: '/issues', method: 'POST' }, 'create issues'),
  errorComponent: RouteError,
  component: IssueCreateScreen,
});
