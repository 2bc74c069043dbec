import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../../components/ui/no-permission.tsx';
import { requirePermission } from '../../../../../lib/route-guard.ts';
import { PersonEditScreen } from '../../../../../features/persons/person-edit-screen.tsx';
import { personQuery } from '../../../../../features/persons/queries.ts';
import { currentAccountKey } from '../../../../../lib/account.ts';

export const Route = createFileRoute('/_app/practice/persons/edit/$personId')({
  beforeLoad: requirePermission({ resource: '/person/persons/{id}', method: 'PATCH' }, 'edit persons'),
  errorComponent: RouteError,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(personQuery(currentAccountKey(), params.personId)).catch(() => undefined),
  component: function PersonEditRoute() {
    const { personId } = Route.useParams();
    return <PersonEditScreen personId={personId} />;
  },
});
