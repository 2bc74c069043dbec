import type { WebhookSender, WebhookSenderSettings } from './port.ts';
import { createHttpsSender } from './https.ts';

/**
 * The webhook sender the configuration chose. There is one adapter, the network's: a receiver
 * started on this machine (development, tests) is reached through it with
 * WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true.
 */
export function createWebhookSender(settings: WebhookSenderSettings): WebhookSender {
  return createHttpsSender(settings);
}
