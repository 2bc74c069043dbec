import type { Command } from '../../palette/types.ts';

/** Palette commands of web chat (the settings' go-to entry comes from the route list). */
export const commands: Command[] = [
  {
    id: 'web-chat.snippet',
    label: 'Copy web chat snippet',
    group: 'Web chat',
    keywords: ['chat widget', 'embed', 'iframe', 'website'],
    requires: { resource: '/chat/settings', method: 'GET' },
    run: (ctx) => ctx.navigate('/practice/web-chat'),
  },
];
