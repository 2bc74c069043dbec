import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  {
    path: '/interactions',
    title: 'Interactions',
    shortcut: 'g i',
    resource: '/interactions/interactions',
    keywords: ['calls', 'history'],
    records: ['Interaction'],
    // A recording played (access log) is named `<interactionId>/<eventId>/<path>`: its call's page.
    recordPaths: { Recording: (entry, path) => (entry.resourceId ? `${path}/${entry.resourceId.split('/')[0]}` : null) },
  },
];
