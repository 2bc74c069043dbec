import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  {
    path: '/accounts',
    title: 'Accounts',
    shortcut: 'g a',
    keywords: ['practices', 'tenants', 'ghost mode'],
    // An account's page is /account/<id> (spec §2), not under the list.
    recordPaths: { Account: (entry) => (entry.action === 'delete' || !entry.resourceId ? null : `/account/${entry.resourceId}`) },
  },
  { path: '/accounts/create', title: 'Create account', keywords: ['new', 'add', 'practice'] },
];
