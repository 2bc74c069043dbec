import type { Command } from '../../palette/types.ts';

/** Palette commands of the API keys area (the list's go-to entry, G K, comes from the route list). */
export const commands: Command[] = [
  {
    id: 'apikeys.create',
    label: 'Create API key',
    group: 'API Keys',
    keywords: ['add', 'new', 'token', 'secret', 'integration'],
    // No global shortcut: C creates a key only inside the API keys list, which handles it.
    requires: { resource: '/permissions/apikeys', method: 'POST' },
    run: (ctx) => ctx.navigate('/system/apikeys/create'),
  },
];
