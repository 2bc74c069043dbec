import type { Command } from '../../palette/types.ts';

/** Palette commands of the accounts area (the list's go-to entry, G A, comes from the route list). */
export const commands: Command[] = [
  {
    id: 'accounts.create',
    label: 'Create account',
    group: 'Accounts',
    keywords: ['add', 'new', 'practice', 'tenant', 'customer'],
    // Accounts are the instance administrator's alone (spec §2, §6): no role grant opens them.
    requires: { resource: '/accounts/account', method: 'POST' },
    isVisible: (policy) => policy.instanceAdmin,
    run: (ctx) => ctx.navigate('/accounts/create'),
  },
];
