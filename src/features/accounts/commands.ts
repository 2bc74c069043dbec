import { createCommand } from '../../palette/command-kinds.ts';
import type { Command } from '../../palette/types.ts';

/** Palette commands of the accounts area (the list's go-to entry, G A, comes from the route list). */
export const commands: Command[] = [
  // Accounts are the instance administrator's alone (spec §2, §6): no role grant opens them.
  createCommand({ area: 'accounts', noun: 'account', group: 'Accounts', to: '/accounts/create', requires: { resource: '/accounts/account', method: 'POST' }, keywords: ['practice', 'tenant', 'customer'], isVisible: (policy) => policy.instanceAdmin }),
];
