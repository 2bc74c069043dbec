import { createFileRoute } from '@tanstack/react-router';
import { PractitionerScreen } from '../../../../features/practitioners/practitioner-screen.tsx';
import { practitionerQuery } from '../../../../features/practitioners/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/person/practitioners/{id}', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/practitioners/$personId')({
  beforeLoad: requirePermission(requires, 'see practitioners'),
  errorComponent: RouteError,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(practitionerQuery(currentAccountKey(), params.personId)).catch(deniedOr(requires, 'see practitioners')),
  component: function PractitionerRoute() {
    const { personId } = Route.useParams();
    return <PractitionerScreen personId={personId} />;
  },
});
