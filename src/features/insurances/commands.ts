import type { Command } from '../../palette/types.ts';

/** Palette commands of the insurances area (the list's go-to entry, G B, comes from the route list). */
export const commands: Command[] = [
  {
    id: 'insurances.create',
    label: 'Create insurance',
    group: 'Insurances',
    keywords: ['add', 'new', 'plan', 'payer'],
    // No global shortcut: C creates a plan only inside the insurances list, which handles it.
    requires: { resource: '/insurances', method: 'POST' },
    run: (ctx) => ctx.navigate('/practice/insurances/create'),
  },
];
