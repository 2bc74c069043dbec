import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { RoleCreateScreen } from '../../../../features/roles/role-create-screen.tsx';
import { requirePermission } from '../../../../lib/route-guard.ts';

export const Route = createFileRoute('/_app/system/role/create')({
  beforeLoad: requirePermission({ resource: '/permissions/roles', method: 'POST' }, 'create roles'),
  errorComponent: RouteError,
  component: RoleCreateScreen,
});
