import * as v from 'valibot';
import {
  practiceTeamAffiliations,
  practiceTeamTypes,
  type PracticeTeam,
  type PracticeTeamCandidateList,
  type PracticeTeamList,
  type PracticeTeamMember,
  type PracticeTeamMemberList,
} from '../../../domain/practice-teams.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, commonFields, createdSchema, example, exampleCommon, pageFields, uuid } from '../../openapi/schemas.ts';
import { recordTagsAnswer } from '../tags/openapi.ts';

/** Practice teams (server/routes/practice-teams/index.ts): their answers, with examples. */

const teamAnswer = answerOf<PracticeTeam>()(
  v.object({
    ...commonFields,
    resourceType: v.literal('Team'),
    name: v.string(),
    type: v.nullable(v.picklist(practiceTeamTypes)),
    description: v.nullable(v.string()),
    affiliation: v.nullable(v.picklist(practiceTeamAffiliations)),
    isViewable: v.pipe(v.boolean(), v.description('Shown in pickers.')),
    isSchedulable: v.pipe(v.boolean(), v.description('Offered for scheduling.')),
    tags: recordTagsAnswer,
    memberCount: v.pipe(v.number(), v.integer(), v.description('How many persons are on the team.')),
  }),
);

const teamListAnswer = answerOf<PracticeTeamList>()(
  v.object({ ...pageFields, items: v.pipe(v.array(teamAnswer), v.description('Each team whole (spec §3), as GET answers it.')) }),
);

const memberAnswer = answerOf<PracticeTeamMember>()(
  v.object({
    personId: uuid,
    personName: v.string(),
    teamId: uuid,
    teamName: v.string(),
    isUser: v.pipe(v.boolean(), v.description('The person has a user record.')),
    isPractitioner: v.pipe(v.boolean(), v.description('The person has a practitioner record.')),
  }),
);

const memberListAnswer = answerOf<PracticeTeamMemberList>()(
  v.object({
    items: v.array(memberAnswer),
    hidden: v.pipe(v.number(), v.integer(), v.description('Members whose records the caller’s role may not read (neither named nor counted in items).')),
  }),
);

const candidateListAnswer = answerOf<PracticeTeamCandidateList>()(
  v.object({ items: v.array(v.object({ id: uuid, name: v.string(), isUser: v.boolean(), isPractitioner: v.boolean() })) }),
);

const team: PracticeTeam = {
  ...exampleCommon(),
  resourceType: 'Team',
  name: 'Front desk',
  type: 'Front desk',
  description: 'Check-in and phones',
  affiliation: 'Practice',
  isViewable: true,
  isSchedulable: false,
  tags: [{ id: example.otherId, key: 'site', value: 'Riverside' }],
  memberCount: 4,
};

const member: PracticeTeamMember = { personId: example.otherId, personName: 'Jane Doe', teamId: example.id, teamName: 'Front desk', isUser: true, isPractitioner: false };

export const practiceTeamDocs = areaDocs({
  'GET /teams/teams': {
    summary: 'List practice teams',
    description: '`q` matches the name, description, type or affiliation, or is the id; `tag` filters by tag; `personId` keeps the teams the person is on.',
    answer: teamListAnswer,
    queryExample: { limit: '20', sort: 'name', order: 'asc', q: 'desk' },
    answerExample: { total: 1, limit: 20, offset: 0, items: [team] },
  },
  'POST /teams/teams': {
    summary: 'Create a practice team',
    description: 'Absent fields take their defaults (viewable, not schedulable); `tags` become its `/tag` records.',
    status: 201,
    answer: createdSchema,
    requestExample: { name: 'Front desk', type: 'Front desk', description: 'Check-in and phones', affiliation: 'Practice', tags: [{ key: 'site', value: 'Riverside' }] },
    answerExample: { id: example.id },
  },
  'GET /teams/teams/:id': { summary: 'Read a practice team', answer: teamAnswer, answerExample: team },
  'PATCH /teams/teams/:id': {
    summary: 'Update a practice team',
    description: 'Only the fields sent change; `tags` sent replace the set (removed tags stay restorable in Recently deleted).',
    answer: teamAnswer,
    requestExample: { version: 1, isSchedulable: true },
    answerExample: { ...team, ...exampleCommon(example.id, 2), isSchedulable: true },
  },
  'DELETE /teams/teams/:id': { summary: 'Delete a practice team (it stays in Recently deleted, with its members)', status: 204 },
  'POST /teams/teams/:id/restore': { summary: 'Restore a deleted practice team', answer: teamAnswer, answerExample: { ...team, ...exampleCommon(example.id, 3) } },
  'GET /teams/teams/:id/members': { summary: 'The team’s members the caller may read', answer: memberListAnswer, answerExample: { items: [member], hidden: 1 } },
  'GET /teams/teams/:id/candidates': {
    summary: 'Staff who may be added to the team',
    answer: candidateListAnswer,
    queryExample: { q: 'jane' },
    answerExample: { items: [{ id: example.otherId, name: 'Jane Doe', isUser: true, isPractitioner: false }] },
  },
  'POST /teams/teams/:id/member': {
    summary: 'Add a member',
    description: '201 with the member; 200 when the person already was one.',
    status: 201,
    answer: memberAnswer,
    requestExample: { personId: example.otherId },
    answerExample: member,
  },
  'DELETE /teams/teams/:teamId/member/:memberId': { summary: 'Remove a member (the member is the person’s id)', status: 204 },
});
