import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { ContactPointCreateScreen } from '../../../../features/contact-points/contact-point-create-screen.tsx';
import { requirePermission } from '../../../../lib/route-guard.ts';

export const Route = createFileRoute('/_app/practice/contact-points/create')({
  beforeLoad: requirePermission({ resource: '/contactpoints/contact-points', method: 'POST' }, 'create contact points'),
  errorComponent: RouteError,
  component: ContactPointCreateScreen,
});
