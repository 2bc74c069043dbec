import { createFileRoute } from '@tanstack/react-router';
import { MaskedCallScreen } from '../../../../features/masked-calls/masked-call-screen.tsx';
import { maskedCallQuery } from '../../../../features/masked-calls/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it, not a Retry that cannot work. */
const requires = { resource: '/call_masking/sessions/{id}', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/masked-calls/$sessionId')({
  beforeLoad: requirePermission(requires, 'see masked calls'),
  errorComponent: RouteError,
  // A missing or failing session is the screen's to show (404 screen, 'Error, please try again').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(maskedCallQuery(currentAccountKey(), params.sessionId)).catch(deniedOr(requires, 'see masked calls')),
  component: function MaskedCallRoute() {
    const { sessionId } = Route.useParams();
    return <MaskedCallScreen sessionId={sessionId} />;
  },
});
