import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { requirePermission } from '../../../../lib/route-guard.ts';
import { PersonCreateScreen } from '../../../../features/persons/person-create-screen.tsx';

export const Route = createFileRoute('/_app/practice/person/create')({
  beforeLoad: requirePermission({ resource: '/person/persons', method: 'POST' }, 'create persons'),
  errorComponent: RouteError,
  component: PersonCreateScreen,
});
