import type { Command } from '../../palette/types.ts';

/** Palette commands of masked calls (the list's go-to entry, G X, comes from the route list). */
export const commands: Command[] = [
  {
    id: 'masked-calls.create',
    // Issue 42 names the action: "Set up masked call".
    label: 'Set up masked call',
    group: 'Masked calls',
    keywords: ['new', 'add', 'call masking', 'patient link', 'callback', 'click to call'],
    requires: { resource: '/call_masking/sessions', method: 'POST' },
    run: (ctx) => ctx.navigate('/practice/masked-calls/create'),
  },
];
