import type { Command } from '../../palette/types.ts';

/** Palette commands of the locations area (go-to entries come from the route list). */
export const commands: Command[] = [
  {
    id: 'locations.create',
    label: 'Create location',
    group: 'Locations',
    keywords: ['add', 'new', 'site', 'address', 'clinic'],
    // No global shortcut: C creates a location only inside the locations list, which handles it.
    requires: { resource: '/locations/locations', method: 'POST' },
    run: (ctx) => ctx.navigate('/practice/locations/create'),
  },
];
