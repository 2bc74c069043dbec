import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  { path: '/campaigns', title: 'Campaigns', shortcut: 'g v', resource: '/surveys/campaigns', keywords: ['surveys'] },
  { path: '/campaigns/campaign/create', title: 'Create campaign', resource: '/surveys/campaigns', method: 'POST', keywords: ['survey'] },
];
