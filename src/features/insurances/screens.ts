import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  { path: '/practice/insurances', title: 'Insurances', shortcut: 'g b', resource: '/insurances', keywords: ['payers', 'plans', 'billing'], menu: { name: 'practice', order: 80 }, records: ['Insurance'] },
  { path: '/practice/insurances/create', title: 'Create insurance', resource: '/insurances', method: 'POST', keywords: ['new', 'add', 'plan', 'payer'] },
];
