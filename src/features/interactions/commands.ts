import type { Command } from '../../palette/types.ts';

/**
 * Palette commands of the interactions area. "Go to Interactions" (G I) comes from the route list
 * (src/palette/route-meta.ts); calls are found by patient name or number through entity search.
 */
export const commands: Command[] = [
  {
    id: 'interactions.escalated',
    label: 'Show escalated interactions',
    group: 'Interactions',
    keywords: ['calls', 'escalation', 'urgent', 'supervisor'],
    requires: { resource: '/interactions/interactions', method: 'GET' },
    run: (ctx) => ctx.navigate('/interactions?escalated=yes'),
  },
  {
    id: 'interactions.abandoned',
    label: 'Show abandoned calls',
    group: 'Interactions',
    keywords: ['interactions', 'missed', 'hung up'],
    requires: { resource: '/interactions/interactions', method: 'GET' },
    run: (ctx) => ctx.navigate('/interactions?status=abandoned'),
  },
];
