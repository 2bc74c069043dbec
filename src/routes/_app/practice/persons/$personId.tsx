import { createFileRoute } from '@tanstack/react-router';
import { PersonInteractions } from '../../../../features/interactions/person-interactions.tsx';
import { PersonMaskedCalls } from '../../../../features/masked-calls/person-masked-calls.tsx';
import { SetUpMaskedCallLink } from '../../../../features/masked-calls/set-up-link.tsx';
import { PersonScreen } from '../../../../features/persons/person-screen.tsx';
import { personQuery } from '../../../../features/persons/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/person/persons/{id}', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/persons/$personId')({
  beforeLoad: requirePermission(requires, 'see persons'),
  errorComponent: RouteError,
  // A missing or failing record is the screen's to show (404 screen, 'Error, please try again').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(personQuery(currentAccountKey(), params.personId)).catch(deniedOr(requires, 'see persons')),
  component: function PersonRoute() {
    const { personId } = Route.useParams();
    // The person's calls (issue 26), their masked call links and Set up masked call (issue 42), composed here: features do not import each other.
    return (
      <PersonScreen personId={personId} actions={<SetUpMaskedCallLink personId={personId} />}>
        <PersonInteractions personId={personId} />
        <PersonMaskedCalls personId={personId} />
      </PersonScreen>
    );
  },
});
