import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  { path: '/practice/users', title: 'Users', shortcut: 'g u', resource: '/person/users', keywords: ['staff', 'logins'], menu: { name: 'practice', order: 20 }, records: ['User'] },
];
