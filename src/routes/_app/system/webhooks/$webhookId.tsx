import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { webhookQuery } from '../../../../features/webhooks/queries.ts';
import { WebhookScreen } from '../../../../features/webhooks/webhook-screen.tsx';
import { currentAccountKey } from '../../../../lib/account.ts';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it, not a Retry that cannot work. */
const requires = { resource: '/webhooks', method: 'GET' } as const;

export const Route = createFileRoute('/_app/system/webhooks/$webhookId')({
  beforeLoad: requirePermission(requires, 'see webhooks'),
  errorComponent: RouteError,
  // A missing or failing endpoint is the screen's to show (404 screen, 'Error, please try again').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(webhookQuery(currentAccountKey(), params.webhookId)).catch(deniedOr(requires, 'see webhooks')),
  component: function WebhookRoute() {
    const { webhookId } = Route.useParams();
    return <WebhookScreen webhookId={webhookId} />;
  },
});
