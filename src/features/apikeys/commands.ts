import { createCommand } from '../../palette/command-kinds.ts';
import type { Command } from '../../palette/types.ts';

/** Palette commands of the API keys area (the list's go-to entry, G K, comes from the route list). */
export const commands: Command[] = [
  createCommand({ area: 'apikeys', noun: 'API key', group: 'API Keys', to: '/system/apikeys/create', requires: { resource: '/permissions/apikeys', method: 'POST' }, keywords: ['token', 'secret', 'integration'] }),
];
