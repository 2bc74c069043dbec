import { createFileRoute } from '@tanstack/react-router';
import { PractitionerEditScreen } from '../../../../../features/practitioners/practitioner-edit-screen.tsx';
import { practitionerQuery } from '../../../../../features/practitioners/queries.ts';
import { currentAccountKey } from '../../../../../lib/account.ts';

export const Route = createFileRoute('/_app/practice/practitioners/edit/$personId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(practitionerQuery(currentAccountKey(), params.personId)).catch(() => undefined),
  component: function PractitionerEditRoute() {
    const { personId } = Route.useParams();
    return <PractitionerEditScreen personId={personId} />;
  },
});
