import { createFileRoute } from '@tanstack/react-router';
import { PersonScreen } from '../../../../features/persons/person-screen.tsx';
import { personQuery } from '../../../../features/persons/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';

export const Route = createFileRoute('/_app/practice/persons/$personId')({
  // A missing or failing record is the screen's to show (404 screen, 'Error, please try again').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(personQuery(currentAccountKey(), params.personId)).catch(() => undefined),
  component: function PersonRoute() {
    const { personId } = Route.useParams();
    return <PersonScreen personId={personId} />;
  },
});
