import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  { path: '/practice/persons', title: 'Persons', shortcut: 'g p', resource: '/person/persons', keywords: ['patients', 'people'], menu: { name: 'practice', order: 10 }, records: ['Person'] },
  { path: '/practice/person/create', title: 'Create person', resource: '/person/persons', method: 'POST', keywords: ['new', 'add'] },
];
