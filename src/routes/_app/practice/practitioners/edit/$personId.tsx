import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../../components/ui/no-permission.tsx';
import { requirePermission } from '../../../../../lib/route-guard.ts';
import { PractitionerEditScreen } from '../../../../../features/practitioners/practitioner-edit-screen.tsx';
import { practitionerQuery } from '../../../../../features/practitioners/queries.ts';
import { currentAccountKey } from '../../../../../lib/account.ts';

export const Route = createFileRoute('/_app/practice/practitioners/edit/$personId')({
  beforeLoad: requirePermission({ resource: '/person/practitioners/{id}', method: 'PATCH' }, 'edit practitioners'),
  errorComponent: RouteError,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(practitionerQuery(currentAccountKey(), params.personId)).catch(() => undefined),
  component: function PractitionerEditRoute() {
    const { personId } = Route.useParams();
    return <PractitionerEditScreen personId={personId} />;
  },
});
