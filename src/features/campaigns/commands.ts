import { createCommand } from '../../palette/command-kinds.ts';
import type { Command } from '../../palette/types.ts';

/** Palette commands of the campaigns area (the list's go-to entry, G V, comes from the route list). */
export const commands: Command[] = [
  createCommand({ area: 'campaigns', noun: 'campaign', group: 'Campaigns', to: '/campaigns/campaign/create', requires: { resource: '/surveys/campaigns', method: 'POST' }, keywords: ['survey', 'sms'] }),
];
