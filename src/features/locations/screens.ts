import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  { path: '/practice/locations', title: 'Locations', shortcut: 'g l', resource: '/locations/locations', keywords: ['sites', 'address'], menu: { name: 'practice', order: 50 }, records: ['Location'] },
  { path: '/practice/locations/create', title: 'Create location', resource: '/locations/locations', method: 'POST', keywords: ['new', 'add', 'site'] },
];
