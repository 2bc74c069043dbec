import { and, asc, count, eq, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../../domain/list-query.ts';
import type { PracticeTeam, PracticeTeamList, PracticeTeamMember, PracticeTeamSort } from '../../../domain/practice-teams.ts';
import type { TagFilter } from '../../../domain/tags.ts';
import type { Db, Tx } from '../../db/client.ts';
import { persons, practiceTeamMembers, practiceTeams } from '../../db/schema/index.ts';
import { isId, listPage, liveRecord, presentCommon, restorableRecord } from '../../list-queries.ts';
import { containsPattern } from '../../search/like.ts';
import { live } from '../../soft-delete.ts';
import { taggedWith } from '../../tagged.ts';

type Reader = Db | Tx;
export type PracticeTeamRow = typeof practiceTeams.$inferSelect;

/** How many persons are on the team of the row in scope (one probe of the members' primary key). */
const memberCount: SQL<number> = sql<number>`(select count(*)::int from ${practiceTeamMembers} where ${practiceTeamMembers.teamId} = ${practiceTeams.id})`;

export function presentPracticeTeam(row: PracticeTeamRow, members: number): PracticeTeam {
  return {
    resourceType: 'Team',
    id: row.id,
    ...presentCommon(row),
    name: row.name,
    type: row.type,
    description: row.description,
    affiliation: row.affiliation,
    isViewable: row.isViewable,
    isSchedulable: row.isSchedulable,
    memberCount: members,
  };
}

/** The team, always inside the request's account and not deleted (another account's, or a deleted one, is "not found"). */
export const findPracticeTeam = (db: Reader, accountId: string, id: string, forUpdate = false) => liveRecord(db, practiceTeams, accountId, id, forUpdate);

/** A deleted team of the account that may still be restored (within the restore window), locked for the restore. */
export const findRestorable = (db: Reader, accountId: string, id: string) => restorableRecord(db, practiceTeams, accountId, id);

/** How many persons are on the team. */
export async function countMembers(db: Reader, teamId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(practiceTeamMembers).where(eq(practiceTeamMembers.teamId, teamId));
  return row?.n ?? 0;
}

/** The team's answer with its member count. */
export const presentWithCount = async (db: Reader, row: PracticeTeamRow) => presentPracticeTeam(row, await countMembers(db, row.id));

/** The person of the account by id, with the name a member shows (null when there is none). */
export async function personOf(db: Reader, accountId: string, personId: string) {
  const [row] = await db.select({ id: persons.id, name: persons.displayName }).from(persons).where(and(eq(persons.accountId, accountId), eq(persons.id, personId)));
  return row ?? null;
}

/** The team's members by name (spec §3 Team member). */
export async function listMembers(db: Reader, accountId: string, team: { id: string; name: string }): Promise<PracticeTeamMember[]> {
  const rows = await db
    .select({ personId: persons.id, personName: persons.displayName })
    .from(practiceTeamMembers)
    .innerJoin(persons, and(eq(persons.id, practiceTeamMembers.personId), eq(persons.accountId, accountId)))
    .where(and(eq(practiceTeamMembers.accountId, accountId), eq(practiceTeamMembers.teamId, team.id)))
    .orderBy(asc(persons.displayName), asc(persons.id));
  return rows.map((r) => ({ ...r, teamId: team.id, teamName: team.name }));
}

const sortColumns: Record<PracticeTeamSort, (AnyColumn | SQL)[]> = {
  id: [practiceTeams.id],
  name: [practiceTeams.name, practiceTeams.id],
  type: [practiceTeams.type, practiceTeams.name, practiceTeams.id],
  affiliation: [practiceTeams.affiliation, practiceTeams.name, practiceTeams.id],
  memberCount: [memberCount, practiceTeams.name, practiceTeams.id],
  isViewable: [practiceTeams.isViewable, practiceTeams.name, practiceTeams.id],
  isSchedulable: [practiceTeams.isSchedulable, practiceTeams.name, practiceTeams.id],
};

/**
 * A page of the account's teams (not deleted). `q` matches the name, description, type or
 * affiliation, or is the id; `tag` filters by tag; `personId` keeps the teams the person is on.
 */
export async function listPracticeTeams(
  db: Db,
  accountId: string,
  query: ListQuery<PracticeTeamSort> & { tag?: TagFilter; personId?: string },
): Promise<PracticeTeamList> {
  const filter = query.q
    ? or(
        ilike(practiceTeams.name, containsPattern(query.q)),
        ilike(practiceTeams.description, containsPattern(query.q)),
        ilike(practiceTeams.type, containsPattern(query.q)),
        ilike(practiceTeams.affiliation, containsPattern(query.q)),
        isId(query.q, practiceTeams.id),
      )
    : undefined;
  const where = and(
    eq(practiceTeams.accountId, accountId),
    live(practiceTeams),
    filter,
    query.tag ? taggedWith('Team', practiceTeams.id, accountId, query.tag) : undefined,
    query.personId
      ? sql`exists (select 1 from ${practiceTeamMembers} where ${and(eq(practiceTeamMembers.teamId, practiceTeams.id), eq(practiceTeamMembers.personId, query.personId))})`
      : undefined,
  );
  const rows = db
    .select({
      id: practiceTeams.id,
      name: practiceTeams.name,
      type: practiceTeams.type,
      affiliation: practiceTeams.affiliation,
      isViewable: practiceTeams.isViewable,
      isSchedulable: practiceTeams.isSchedulable,
      memberCount,
    })
    .from(practiceTeams)
    .$dynamic();
  return listPage(db, practiceTeams, rows, where, sortColumns[query.sort], query);
}
