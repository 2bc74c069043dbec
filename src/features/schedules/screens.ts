import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  { path: '/practice/schedules', title: 'Schedules', shortcut: 'g s', resource: '/schedule/schedule', keywords: ['calendar', 'on-call'], menu: { name: 'practice', order: 60 }, records: ['Schedule'] },
  { path: '/practice/schedules/create', title: 'Create schedule', resource: '/schedule/schedule', method: 'POST', keywords: ['new', 'add', 'calendar'] },
];
