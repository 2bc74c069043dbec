import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../components/ui/no-permission.tsx';
import { SetUpMaskedCallLink } from '../../../features/masked-calls/set-up-link.tsx';
import { InteractionScreen } from '../../../features/interactions/interaction-screen.tsx';
import { interactionQuery } from '../../../features/interactions/queries.ts';
import { currentAccountKey } from '../../../lib/account.ts';
import { deniedOr, requirePermission } from '../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it. */
const requires = { resource: '/interactions/interactions', method: 'GET' } as const;

export const Route = createFileRoute('/_app/interactions/$interactionId')({
  beforeLoad: requirePermission(requires, 'see interactions'),
  errorComponent: RouteError,
  // A missing or failing record is the screen's to show ('Interaction Not Found', 'Error, please try again').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(interactionQuery(currentAccountKey(), params.interactionId)).catch(deniedOr(requires, 'see interactions')),
  component: function InteractionRoute() {
    const { interactionId } = Route.useParams();
    // Set up masked call (issue 42) for the call's patient, composed here: features do not import each other.
    return <InteractionScreen interactionId={interactionId} actions={<SetUpMaskedCallLink interactionId={interactionId} />} />;
  },
});
