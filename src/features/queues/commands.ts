import type { Command } from '../../palette/types.ts';

/** Palette commands of the call-center queues (the list's go-to entry, G Q, comes from the route list). */
export const commands: Command[] = [
  {
    id: 'queues.refresh',
    label: 'Refresh queues',
    group: 'Call Center Queues',
    keywords: ['sync', 'reload', 'amazon connect', 'contact center', 'call center'],
    requires: { resource: '/callcenter/queues', method: 'GET' },
    // The list runs the refresh and says what changed ('2 added, 1 removed').
    run: (ctx) => ctx.navigate('/system/call-center/queues?refresh=1'),
  },
];
