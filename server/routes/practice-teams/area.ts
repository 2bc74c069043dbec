import { defineArea, reads } from '../../area.ts';
import { practiceTeamMembers, practiceTeams } from '../../db/schema/index.ts';
import { practiceTeamDeleted, practiceTeamRoutes } from './index.ts';
import { seedDemoPracticeTeams } from '../../seed/demo-practice-teams.ts';
import { practiceTeamDocs } from './openapi.ts';

/** Practice teams and their members (issue 26; `/teams` in the API, not Microsoft Teams: that is `teams-microsoft/`, at `/teamsbot`). */
export const practiceTeamsArea = defineArea({
  name: 'practice-teams',
  mount: [{ path: '/teams', app: practiceTeamRoutes }],
  docs: practiceTeamDocs,
  resources: ['/teams/teams', '/teams/teams/{id}'],
  tables: [practiceTeams, practiceTeamMembers],
  deleted: [practiceTeamDeleted],
  audit: {
    Team: reads('/teams/teams/{id}'),
    // A member change names the person (issue 40): the team and the person, both.
    TeamMember: [reads('/teams/teams/{id}'), reads('/person/persons/{id}')],
  },
  taggable: {
    Team: {
      table: practiceTeams,
      id: practiceTeams.id,
      accountId: practiceTeams.accountId,
      name: practiceTeams.name,
      deletedAt: practiceTeams.deletedAt,
      resource: '/teams/teams',
      path: (id) => `/practice/teams/${id}`,
      label: 'Teams',
    },
  },
  grants: {
    practiceAdministrator: ['/teams/teams', '/teams/teams/{id}'],
    // Who can be scheduled comes from the practice teams (isSchedulable).
    scheduler: [['/teams/teams', ['GET']], ['/teams/teams/{id}', ['GET']]],
    // The interactions list filters by the practice's teams.
    callCenterAgent: [['/teams/teams', ['GET']], ['/teams/teams/{id}', ['GET']]],
  },
  seed: [{ key: 'seeded.practice-teams', order: 110, run: seedDemoPracticeTeams }],
});
