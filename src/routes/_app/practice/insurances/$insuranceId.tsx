import { createFileRoute } from '@tanstack/react-router';
import { InsuranceScreen } from '../../../../features/insurances/insurance-screen.tsx';
import { insuranceQuery } from '../../../../features/insurances/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';

export const Route = createFileRoute('/_app/practice/insurances/$insuranceId')({
  // A missing or failing record is the screen's to show (404 screen, 'Error, please try again').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(insuranceQuery(currentAccountKey(), params.insuranceId)).catch(() => undefined),
  component: function InsuranceRoute() {
    const { insuranceId } = Route.useParams();
    return <InsuranceScreen insuranceId={insuranceId} />;
  },
});
