import { createFileRoute } from '@tanstack/react-router';
import { QueueScreen } from '../../../../../features/queues/queue-screen.tsx';
import { queueQuery } from '../../../../../features/queues/queries.ts';
import { currentAccountKey } from '../../../../../lib/account.ts';
import { RouteError } from '../../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/callcenter/queues/{queueId}', method: 'GET' } as const;

export const Route = createFileRoute('/_app/system/call-center/queues/$queueId')({
  beforeLoad: requirePermission(requires, 'see call-center queues'),
  errorComponent: RouteError,
  // A missing or failing queue is the screen's to show (404 screen, 'Error, please try again').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(queueQuery(currentAccountKey(), params.queueId)).catch(deniedOr(requires, 'see call-center queues')),
  component: function QueueRoute() {
    const { queueId } = Route.useParams();
    return <QueueScreen queueId={queueId} />;
  },
});
