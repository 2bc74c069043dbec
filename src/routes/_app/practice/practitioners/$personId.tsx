import { createFileRoute } from '@tanstack/react-router';
import { PractitionerScreen } from '../../../../features/practitioners/practitioner-screen.tsx';
import { practitionerQuery } from '../../../../features/practitioners/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';

export const Route = createFileRoute('/_app/practice/practitioners/$personId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(practitionerQuery(currentAccountKey(), params.personId)).catch(() => undefined),
  component: function PractitionerRoute() {
    const { personId } = Route.useParams();
    return <PractitionerScreen personId={personId} />;
  },
});
