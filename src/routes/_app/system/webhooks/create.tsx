import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { WebhookCreateScreen } from '../../../../features/webhooks/webhook-create-screen.tsx';
import { requirePermission } from '../../../../lib/route-guard.ts';

export const Route = createFileRoute('/_app/system/webhooks/create')({
  beforeLoad: requirePermission({ resource: '/webhooks', method: 'POST' }, 'create webhook endpoints'),
  errorComponent: RouteError,
  component: WebhookCreateScreen,
});
