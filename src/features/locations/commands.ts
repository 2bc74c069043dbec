import { createCommand } from '../../palette/command-kinds.ts';
import type { Command } from '../../palette/types.ts';

/** Palette commands of the locations area (go-to entries come from the route list). */
export const commands: Command[] = [
  createCommand({ area: 'locations', noun: 'location', group: 'Locations', to: '/practice/locations/create', requires: { resource: '/locations/locations', method: 'POST' }, keywords: ['site', 'address', 'clinic'] }),
];
