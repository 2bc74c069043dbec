import type { Command } from '../../palette/types.ts';

/** Palette commands of the campaigns area (the list's go-to entry, G V, comes from the route list). */
export const commands: Command[] = [
  {
    id: 'campaigns.create',
    label: 'Create campaign',
    group: 'Campaigns',
    keywords: ['add', 'new', 'survey', 'sms'],
    // No global shortcut: C creates a campaign only inside the campaigns list, which handles it.
    requires: { resource: '/surveys/campaigns', method: 'POST' },
    run: (ctx) => ctx.navigate('/campaigns/campaign/create'),
  },
];
