import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { LocationCreateScreen } from '../../../../features/locations/location-create-screen.tsx';
import { requirePermission } from '../../../../lib/route-guard.ts';

export const Route = createFileRoute('/_app/practice/locations/create')({
  beforeLoad: requirePermission({ resource: '/locations/locations', method: 'POST' }, 'create locations'),
  errorComponent: RouteError,
  component: LocationCreateScreen,
});
