/** Practice teams (spec §3 Team, §7 `/teams/teams`, issue 26): the practice's own teams of persons, not Microsoft Teams. */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { PracticeTeamAffiliation, PracticeTeamType } from '../../../domain/practice-teams.ts';
import { common, deletion } from './columns.ts';
import { persons } from './persons.ts';

/** Spec §3 Team.tags are the shared tags (domain/tags.ts, taggedResourceType 'Team'), like insurances'. */
export const practiceTeams = pgTable(
  'practice_teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...common,
    name: text('name').notNull(),
    type: text('type').$type<PracticeTeamType>(),
    description: text('description'),
    affiliation: text('affiliation').$type<PracticeTeamAffiliation>(),
    isViewable: boolean('is_viewable').notNull().default(true),
    isSchedulable: boolean('is_schedulable').notNull().default(false),
    ...deletion,
  },
  (t) => [index('practice_teams_account_name').on(t.accountId, t.name, t.id).where(sql`${t.deletedAt} is null`)],
);

/** Spec §3 Team member: a person on a team. */
export const practiceTeamMembers = pgTable(
  'practice_team_members',
  {
    accountId: common.accountId,
    teamId: uuid('team_id')
      .notNull()
      .references(() => practiceTeams.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    createdTimestamp: common.createdTimestamp,
    createdBy: common.createdBy,
  },
  (t) => [primaryKey({ columns: [t.teamId, t.personId] }), index('practice_team_members_person').on(t.personId)],
);
