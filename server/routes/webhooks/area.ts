import { defineArea, reads } from '../../area.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index.ts';
import { webhookRoutes } from './index.ts';
import { webhookDocs } from './openapi.ts';

/** Webhook endpoints, the events sent to them and their deliveries (issue 44). */
export const webhooksArea = defineArea({
  name: 'webhooks',
  mount: [{ path: '/webhooks', app: webhookRoutes }],
  docs: webhookDocs,
  resources: ['/webhooks'],
  tables: [webhookEndpoints, webhookEvents, webhookDeliveries, webhookAttempts],
  audit: { WebhookEndpoint: reads('/webhooks') },
  // Migration 0048 for existing roles.
  grants: { practiceAdministrator: ['/webhooks'] },
});
