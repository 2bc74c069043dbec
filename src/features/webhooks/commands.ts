import { createCommand } from '../../palette/command-kinds.ts';
import type { Command } from '../../palette/types.ts';

/** Palette commands of the webhooks area (the list's go-to entry comes from the route list). */
export const commands: Command[] = [
  createCommand({ area: 'webhooks', noun: 'webhook endpoint', group: 'Webhooks', to: '/system/webhooks/create', requires: { resource: '/webhooks', method: 'POST' }, keywords: ['webhook', 'endpoint', 'events'] }),
];
