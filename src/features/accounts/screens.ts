import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  { path: '/accounts', title: 'Accounts', shortcut: 'g a', keywords: ['practices', 'tenants', 'ghost mode'] },
  { path: '/accounts/create', title: 'Create account', keywords: ['new', 'add', 'practice'] },
];
