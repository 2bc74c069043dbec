import { and, asc, count, eq, getTableColumns, ilike, like, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ListQuery } from '../../../domain/list-query.ts';
import { isAllowed, type Resource } from '../../../domain/permissions.ts';
import type { PracticeTeam, PracticeTeamCandidateList, PracticeTeamList, PracticeTeamMemberList, PracticeTeamSort } from '../../../domain/practice-teams.ts';
import type { RecordTag, TagFilter } from '../../../domain/tags.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { AppEnv } from '../../env.ts';
import { persons, practiceTeamMembers, practiceTeams } from '../../db/schema/index.ts';
import { isId, listPage, liveRecord, presentCommon, restorableRecord } from '../../list-queries.ts';
import { containsPattern } from '../../search/like.ts';
import { live } from '../../soft-delete.ts';
import { taggedWith } from '../../tagged.ts';
import { readTags, tagsOf } from '../tags/record-tags.ts';

type Reader = Db | Tx;
export type PracticeTeamRow = typeof practiceTeams.$inferSelect;

/** How many persons are on the team of the row in scope (one probe of the members' primary key). */
const memberCount: SQL<number> = sql<number>`(select count(*)::int from ${practiceTeamMembers} where ${practiceTeamMembers.teamId} = ${practiceTeams.id})`;

/** The team's answer: its row, how many are on it, and its tags (`/tag` records of type 'Team'). */
export function presentPracticeTeam(row: PracticeTeamRow, members: number, tags: RecordTag[]): PracticeTeam {
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
    tags,
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

/** The team's answer with its member count and tags. */
export const presentWithCount = async (db: Reader, row: PracticeTeamRow) => presentPracticeTeam(row, await countMembers(db, row.id), await readTags(db, row.accountId, 'Team', row.id));

/**
 * Which records of the practice's people the caller may read (issue 40): a member is named only to
 * a caller who may read the person, or the member's user record (a user), or practitioner record
 * (a practitioner). Instance administrators read them all.
 */
export type MemberReads = { persons: boolean; users: boolean; practitioners: boolean };

export function memberReads(c: Context<AppEnv>): MemberReads {
  const may = (resource: Resource) => c.var.caller.instanceAdmin || isAllowed(c.var.account.role?.resources, resource, 'GET');
  return { persons: may('/person/persons/{id}'), users: may('/person/users/{id}'), practitioners: may('/person/practitioners/{id}') };
}

export const readsAnyMember = (reads: MemberReads) => reads.persons || reads.users || reads.practitioners;

/** A person of the practice's staff: a user or a practitioner (a team's member is never a patient). */
const isStaff = or(eq(persons.userRecord, true), eq(persons.practitionerRecord, true))!;

/** The persons whose name the caller may read as a member (SQL on `persons`). */
function readableMember(reads: MemberReads): SQL {
  if (reads.persons) return sql`true`;
  const through = [reads.users ? eq(persons.userRecord, true) : undefined, reads.practitioners ? eq(persons.practitionerRecord, true) : undefined].filter((x) => x !== undefined);
  return through.length > 0 ? or(...through)! : sql`false`;
}

/** The record through which the caller read a member, for the access log: the person, else the user, else the practitioner. */
export function readKind(reads: MemberReads, person: { isUser: boolean }): 'Person' | 'User' | 'Practitioner' {
  if (reads.persons) return 'Person';
  return person.isUser && reads.users ? 'User' : 'Practitioner';
}

const memberColumns = { id: persons.id, name: persons.displayName, isUser: persons.userRecord, isPractitioner: persons.practitionerRecord };

/** The staff member of the account by id whom the caller may read, with the name a member shows (null when there is none). */
export async function staffOf(db: Reader, accountId: string, personId: string, reads: MemberReads) {
  const [row] = await db
    .select(memberColumns)
    .from(persons)
    .where(and(eq(persons.accountId, accountId), eq(persons.id, personId), isStaff, readableMember(reads)));
  return row ?? null;
}

/** The person of the account by id (any person: a member added before issue 40 may be none of the staff), if the caller may read them. */
export async function memberOf(db: Reader, accountId: string, personId: string, reads: MemberReads) {
  const [row] = await db
    .select(memberColumns)
    .from(persons)
    .where(and(eq(persons.accountId, accountId), eq(persons.id, personId), readableMember(reads)));
  return row ?? null;
}

/** The person's name for the system log's entry of a member change (whoever the caller). */
export async function personName(db: Reader, accountId: string, personId: string): Promise<string> {
  const [row] = await db.select({ name: persons.displayName }).from(persons).where(and(eq(persons.accountId, accountId), eq(persons.id, personId)));
  return row?.name ?? '';
}

/** The team's members the caller may read, by name (spec §3 Team member), and how many others there are. */
export async function listMembers(db: Reader, accountId: string, team: { id: string; name: string }, reads: MemberReads): Promise<PracticeTeamMemberList> {
  const rows = await db
    .select({ ...memberColumns, readable: sql<boolean>`${readableMember(reads)}` })
    .from(practiceTeamMembers)
    .innerJoin(persons, and(eq(persons.id, practiceTeamMembers.personId), eq(persons.accountId, accountId)))
    .where(and(eq(practiceTeamMembers.accountId, accountId), eq(practiceTeamMembers.teamId, team.id)))
    .orderBy(asc(persons.displayName), asc(persons.id));
  const items = rows.filter((r) => r.readable).map((r) => ({ personId: r.id, personName: r.name, teamId: team.id, teamName: team.name, isUser: r.isUser, isPractitioner: r.isPractitioner }));
  return { items, hidden: rows.length - items.length };
}

/** Who may be added to a team: the account's staff the caller may read whose name contains `q`, by name. */
export async function listCandidates(db: Reader, accountId: string, reads: MemberReads, query: { q?: string; limit: number }): Promise<PracticeTeamCandidateList> {
  const items = await db
    .select(memberColumns)
    .from(persons)
    .where(and(eq(persons.accountId, accountId), isStaff, readableMember(reads), query.q ? like(persons.searchName, containsPattern(query.q.toLowerCase())) : undefined))
    .orderBy(asc(persons.searchName), asc(persons.id))
    .limit(query.limit);
  return { items };
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
 * A page of the account's teams (not deleted), each the whole record with its member count and
 * tags (read in the same statement). `q` matches the name, description, type or
 * affiliation, or is the id; `tag` filters by tag; `personId` keeps the teams the person is on.
 */
export async function listPracticeTeams(
  db: Db,
  accountId: string,
  query: ListQuery<PracticeTeamSort> & { tag?: TagFilter; personId?: string },
  reads: MemberReads,
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
    // Only a person the caller may read: another's teams are as if the person were on none.
    query.personId
      ? sql`exists (select 1 from ${practiceTeamMembers} join ${persons} on ${and(eq(persons.id, practiceTeamMembers.personId), eq(persons.accountId, accountId))} where ${and(eq(practiceTeamMembers.teamId, practiceTeams.id), eq(practiceTeamMembers.personId, query.personId), readableMember(reads))})`
      : undefined,
  );
  const rows = db
    .select({ team: getTableColumns(practiceTeams), memberCount, tags: tagsOf('Team', practiceTeams.id, practiceTeams.accountId) })
    .from(practiceTeams)
    .$dynamic();
  const { items, ...page } = await listPage(db, practiceTeams, rows, where, sortColumns[query.sort], query);
  return { items: items.map(({ team, memberCount, tags }) => presentPracticeTeam(team, memberCount, tags)), ...page };
}
