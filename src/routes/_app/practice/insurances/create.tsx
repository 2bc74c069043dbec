import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { InsuranceCreateScreen } from '../../../../features/insurances/insurance-create-screen.tsx';
import { requirePermission } from '../../../../lib/route-guard.ts';

export const Route = createFileRoute('/_app/practice/insurances/create')({
  beforeLoad: requirePermission({ resource: '/insurances', method: 'POST' }, 'create insurances'),
  errorComponent: RouteError,
  component: InsuranceCreateScreen,
});
