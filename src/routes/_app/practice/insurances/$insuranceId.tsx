import { createFileRoute } from '@tanstack/react-router';
import { InsuranceScreen } from '../../../../features/insurances/insurance-screen.tsx';
import { insuranceQuery } from '../../../../features/insurances/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/insurances/{id}', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/insurances/$insuranceId')({
  beforeLoad: requirePermission(requires, 'see insurance plans'),
  errorComponent: RouteError,
  // A missing or failing record is the screen's to show (404 screen, 'Error, please try again').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(insuranceQuery(currentAccountKey(), params.insuranceId)).catch(deniedOr(requires, 'see insurance plans')),
  component: function InsuranceRoute() {
    const { insuranceId } = Route.useParams();
    return <InsuranceScreen insuranceId={insuranceId} />;
  },
});
