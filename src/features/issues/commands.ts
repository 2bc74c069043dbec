import { createCommand } from '../../palette/command-kinds.ts';
import type { Command } from '../../palette/types.ts';

/** Palette commands of the issues area (the list's go-to entry, G E, comes from the route list). */
export const commands: Command[] = [
  createCommand({ area: 'issues', noun: 'issue', group: 'Issues', to: '/practice/issues/create', requires: { resource: '/issues', method: 'POST' }, keywords: ['condition', 'reason'] }),
];
