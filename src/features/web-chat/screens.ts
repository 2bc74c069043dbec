import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): the practice's web chat settings. */
export const screens: Screen[] = [
  {
    path: '/practice/web-chat',
    title: 'Web chat',
    resource: '/chat/settings',
    keywords: ['chat widget', 'website chat', 'live chat', 'snippet', 'embed', 'sites'],
    menu: { name: 'practice', order: 97 },
    records: ['ChatSettings'],
  },
];
