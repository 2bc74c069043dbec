import type { Command } from '../../palette/types.ts';

/** Palette commands of the team service (the lists' go-to entries, G M and G Y, come from the route list). */
export const commands: Command[] = [
  {
    id: 'teams.send-message',
    label: 'Send message to channel',
    group: 'Teams',
    keywords: ['microsoft', 'teams', 'bot', 'post', 'announce', 'channel'],
    requires: { resource: '/teamsbot/graph/team/{teamId}/channels/{channelId}/messages', method: 'POST' },
    // The teams list is the chooser: pick a team (Enter), then its channel, then write.
    run: (ctx) => ctx.navigate('/system/microsoft/teams/teams'),
  },
];
