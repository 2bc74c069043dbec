import type { Command } from '../../palette/types.ts';

/** Palette commands of the issues area (the list's go-to entry, G E, comes from the route list). */
export const commands: Command[] = [
  {
    id: 'issues.create',
    label: 'Create issue',
    group: 'Issues',
    keywords: ['add', 'new', 'condition', 'reason'],
    // No global shortcut: C creates an issue only inside the issues list, which handles it.
    requires: { resource: '/issues', method: 'POST' },
    run: (ctx) => ctx.navigate('/practice/issues/create'),
  },
];
