import { createFileRoute } from '@tanstack/react-router';
import { QueueScreen } from '../../../../../features/queues/queue-screen.tsx';
import { queueQuery } from '../../../../../features/queues/queries.ts';
import { currentAccountKey } from '../../../../../lib/account.ts';

export const Route = createFileRoute('/_app/system/call-center/queues/$queueId')({
  // A missing or failing queue is the screen's to show (404 screen, 'Error, please try again').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(queueQuery(currentAccountKey(), params.queueId)).catch(() => undefined),
  component: function QueueRoute() {
    const { queueId } = Route.useParams();
    return <QueueScreen queueId={queueId} />;
  },
});
