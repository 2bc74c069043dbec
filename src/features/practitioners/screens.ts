import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  {
    path: '/practice/practitioners',
    title: 'Practitioners',
    shortcut: 'g t',
    resource: '/person/practitioners',
    keywords: ['doctors', 'clinicians'],
    menu: { name: 'practice', order: 30 },
    records: ['Practitioner', 'PractitionerPhoto'],
  },
];
