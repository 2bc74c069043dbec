import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, menu entries and the records they show. */
export const screens: Screen[] = [
  {
    path: '/system/webhooks',
    title: 'Webhooks',
    resource: '/webhooks',
    keywords: ['endpoints', 'events', 'integrations', 'callbacks'],
    menu: { name: 'system', order: 70 },
    records: ['WebhookEndpoint'],
  },
  { path: '/system/webhooks/create', title: 'Create webhook endpoint', resource: '/webhooks', method: 'POST', keywords: ['new', 'add', 'webhook'] },
];
