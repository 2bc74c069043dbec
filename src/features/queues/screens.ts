import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  { path: '/system/call-center/queues', title: 'Call Center Queues', shortcut: 'g q', resource: '/callcenter/queues', menu: { name: 'system', order: 30 } },
];
