import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  { path: '/practice/issues', title: 'Issues', shortcut: 'g e', resource: '/issues', keywords: ['conditions', 'reasons'], menu: { name: 'practice', order: 70 }, records: ['Issue'] },
  { path: '/practice/issues/create', title: 'Create issue', resource: '/issues', method: 'POST', keywords: ['new', 'add', 'condition'] },
];
