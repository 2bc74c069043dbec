import { defineArea, reads } from '../../area.ts';
import { teamsMicrosoftRoutes } from './index.ts';
import { seedDemoTeamDirectories } from '../../seed/demo-team-directory.ts';
import { teamsMicrosoftDocs } from './openapi.ts';

/** The Microsoft Teams bot: the team service's teams and channels (its records are the team service's). */
export const teamsMicrosoftArea = defineArea({
  name: 'teams-microsoft',
  mount: [{ path: '/teamsbot', app: teamsMicrosoftRoutes }],
  docs: teamsMicrosoftDocs,
  resources: ['/teamsbot/graph/users', '/teamsbot/graph/team', '/teamsbot/graph/team/{teamId}', '/teamsbot/graph/team/{teamId}/channels', '/teamsbot/graph/team/{teamId}/channels/{channelId}/messages'],
  audit: { TeamsChannelMessage: reads('/teamsbot/graph/team/{teamId}/channels'), TeamsTeam: reads('/teamsbot/graph/team') },
  seed: [{ key: 'seeded.team-directories', order: 70, run: seedDemoTeamDirectories }],
});
