import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  { path: '/system/roles', title: 'Roles', shortcut: 'g r', resource: '/permissions/roles', keywords: ['permissions'], menu: { name: 'system', order: 50 } },
  { path: '/system/role/create', title: 'Create role', resource: '/permissions/roles', method: 'POST', keywords: ['new', 'add', 'permissions'] },
];
