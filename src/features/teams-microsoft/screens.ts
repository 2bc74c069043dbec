import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  { path: '/system/microsoft/teams/users', title: 'Teams Users', shortcut: 'g y', resource: '/teamsbot/graph/users', keywords: ['microsoft', 'directory', 'bot'], menu: { name: 'system', order: 10 } },
  { path: '/system/microsoft/teams/teams', title: 'Teams', shortcut: 'g m', resource: '/teamsbot/graph/team', keywords: ['microsoft', 'bot', 'channels'], menu: { name: 'system', order: 20 } },
];
