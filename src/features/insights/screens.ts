import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  // Issue 26: the Insights screen itself, third in its menu after the spec's two entries (components/shell/navigation.ts).
  { path: '/insights', title: 'Insights', shortcut: 'g n', resource: '/metrics/historic', keywords: ['reports', 'metrics'], menu: { name: 'insights', order: 30, label: 'Call insights' } },
];
