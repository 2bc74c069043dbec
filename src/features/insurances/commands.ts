import { createCommand } from '../../palette/command-kinds.ts';
import type { Command } from '../../palette/types.ts';

/** Palette commands of the insurances area (the list's go-to entry, G B, comes from the route list). */
export const commands: Command[] = [
  createCommand({ area: 'insurances', noun: 'insurance', group: 'Insurances', to: '/practice/insurances/create', requires: { resource: '/insurances', method: 'POST' }, keywords: ['plan', 'payer'] }),
];
