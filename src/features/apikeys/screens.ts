import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  { path: '/system/apikeys', title: 'API Keys', shortcut: 'g k', resource: '/permissions/apikeys', keywords: ['tokens', 'integrations'], menu: { name: 'system', order: 60 } },
  { path: '/system/apikeys/create', title: 'Create API key', resource: '/permissions/apikeys', method: 'POST', keywords: ['new', 'add', 'token'] },
];
