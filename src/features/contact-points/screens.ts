import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  {
    path: '/practice/contact-points',
    title: 'Contact Points',
    shortcut: 'g c',
    resource: '/contactpoints/contact-points',
    keywords: ['phone', 'numbers'],
    menu: { name: 'practice', order: 40 },
    records: ['ContactPoint'],
  },
  { path: '/practice/contact-points/create', title: 'Create contact point', resource: '/contactpoints/contact-points', method: 'POST', keywords: ['new', 'add', 'phone', 'number'] },
];
