import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  { path: '/home', title: 'Home', shortcut: 'g h', keywords: ['start', 'dashboard'] },
];
