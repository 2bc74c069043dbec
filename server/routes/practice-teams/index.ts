import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { messages } from '../../../domain/messages.ts';
import { practiceTeamCreateSchema, practiceTeamLimits, practiceTeamMessages, practiceTeamListQuerySchema, practiceTeamMemberSchema, practiceTeamPatchSchema, practiceTeamCandidateQuerySchema, type PracticeTeamMember, type PracticeTeamMemberList } from '../../../domain/practice-teams.ts';
import { recordReads, type ReadAction } from '../../access-log.ts';
import { requires } from '../../auth/requires.ts';
import { practiceTeamMembers, practiceTeams } from '../../db/schema/index.ts';
import { write } from '../../write.ts';
import type { AppEnv } from '../../env.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { editedVersion, expectedVersion, editable, found, idParam, jsonLimit, sent, touched, updateVersioned } from '../../records.ts';
import { deletedBy, undeleted } from '../../soft-delete.ts';
import { json, query } from '../../validate.ts';
import { replaceTags, tagSet } from '../tags/record-tags.ts';
import { countMembers, findPracticeTeam, findRestorable, listCandidates, listMembers, listPracticeTeams, memberOf, memberReads, personName, presentWithCount, readKind, readsAnyMember, staffOf, type MemberReads } from './queries.ts';

const uuid = v.pipe(v.string(), v.uuid());

/** How the system log names a member change: "Ann Lee in Front Desk". */
const memberTitle = (member: Pick<PracticeTeamMember, 'personName' | 'teamName'>) => `${member.personName} in ${member.teamName}`;

/** Records in the access log that the caller read these members' names, each as the record it was read through. */
function recordMemberReads(c: Context<AppEnv>, reads: MemberReads, action: ReadAction, people: readonly { id: string; isUser: boolean }[]) {
  for (const kind of ['Person', 'User', 'Practitioner'] as const) {
    recordReads(c, kind, action, people.filter((p) => readKind(reads, p) === kind).map((p) => p.id));
  }
}

/** `{teamId}` and `{memberId}` (the person's id, spec §7) of a member path: ids, or the path names no member (404). */
const memberParams = validator('param', (value: Record<string, string>) => {
  const teamId = value.teamId?.toLowerCase();
  const memberId = value.memberId?.toLowerCase();
  if (!v.is(uuid, teamId) || !v.is(uuid, memberId)) throw notFound(messages.notFound);
  return { teamId, memberId };
});

/**
 * Practice teams (issue 26, spec §3 Team and Team member, §7 `/teams/teams`): the practice's own
 * teams of persons; not the team service's Microsoft Teams (`/teamsbot`). Every query is scoped to
 * the request's account; a deleted team is gone from every read and can be restored for 30 days
 * with its members. A member is added or removed with PATCH on the team (it changes the team),
 * without a version: two people adding members at once both succeed.
 */
export const practiceTeamRoutes = new Hono<AppEnv>()
  .get('/teams', requires('/teams/teams', 'GET'), query(practiceTeamListQuerySchema), async (c) => {
    return c.json(await listPracticeTeams(c.var.deps.db, c.var.account.id, c.req.valid('query'), memberReads(c)));
  })
  .post('/teams', requires('/teams/teams', 'POST'), jsonLimit, json(practiceTeamCreateSchema), async (c) => {
    const { tags, ...body } = c.req.valid('json');
    const created = await write(c, async (scope) => {
      const { tx, audit, accountId, actorName } = scope;
      const [row] = await tx.insert(practiceTeams).values({ ...body, accountId, createdBy: actorName, modifiedBy: actorName }).returning();
      await replaceTags(scope, 'Team', row!.id, tags);
      await audit({ action: 'create', resourceType: 'Team', resourceId: row!.id, after: await presentWithCount(tx, row!) });
      return { id: row!.id };
    });
    return c.json(created, 201);
  })
  .get('/teams/:id', requires('/teams/teams/{id}', 'GET'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.deps.db;
    return c.json(await presentWithCount(db, found(await findPracticeTeam(db, c.var.account.id, id))));
  })
  .patch('/teams/:id', requires('/teams/teams/{id}', 'PATCH'), idParam(), jsonLimit, json(practiceTeamPatchSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { version: sentVersion, tags, ...body } = c.req.valid('json');
    const expected = expectedVersion(c, sentVersion);
    const changes = sent(body);
    const updated = await write(c, async (scope) => {
      const { tx, audit, accountId, actorName, repeats } = scope;
      const current = found(await findPracticeTeam(tx, accountId, id, true));
      const version = editedVersion(current, expected);
      const before = await presentWithCount(tx, current);
      // Tags compare as a set (any order, any case): the same set sent again is no change.
      const asked = tags ? { ...changes, tags: tagSet(tags) } : changes;
      if (await repeats({ resourceType: 'Team', resourceId: id, record: { ...current, tags: tagSet(before.tags) }, version, changes: asked })) return before;
      editable(current, version);
      const retagged = tags ? await replaceTags(scope, 'Team', id, tags) : false;
      // Only the tags sent, and they are the team's already: nothing changes (as an empty PATCH).
      if (!retagged && Object.keys(changes).length === 0) return before;
      const after = await presentWithCount(tx, await updateVersioned({ tx, accountId, actorName }, practiceTeams, { key: practiceTeams.id, id, version }, changes));
      await audit({ action: 'update', resourceType: 'Team', resourceId: id, before, after });
      return after;
    });
    return c.json(updated);
  })
  .delete('/teams/:id', requires('/teams/teams/{id}', 'DELETE'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    await write(c, async ({ tx, audit, accountId, actorName }) => {
      const before = found(await findPracticeTeam(tx, accountId, id, true));
      await tx
        .update(practiceTeams)
        .set({ ...deletedBy(actorName), ...touched(actorName, practiceTeams.version) })
        .where(and(eq(practiceTeams.accountId, accountId), eq(practiceTeams.id, id)));
      await audit({ action: 'delete', resourceType: 'Team', resourceId: id, before: await presentWithCount(tx, before) });
    });
    return c.body(null, 204);
  })
  /** Undo of a delete, and the "Recently deleted" page's restore: the same id, with its members, back in every list. */
  .post('/teams/:id/restore', requires('/teams/teams/{id}', 'DELETE'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    const restored = await write(c, async ({ tx, audit, accountId, actorName }) => {
      found(await findRestorable(tx, accountId, id));
      const [after] = await tx
        .update(practiceTeams)
        .set({ ...undeleted, ...touched(actorName, practiceTeams.version) })
        .where(and(eq(practiceTeams.accountId, accountId), eq(practiceTeams.id, id)))
        .returning();
      const team = await presentWithCount(tx, after!);
      await audit({ action: 'restore', resourceType: 'Team', resourceId: id, after: team });
      return team;
    });
    return c.json(restored);
  })
  /**
   * The team's members by name (not in spec §7's list: the team's screen shows them): those the
   * caller may read, each recorded in the access log, and how many others there are (issue 40).
   */
  .get('/teams/:id/members', requires('/teams/teams/{id}', 'GET'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.deps.db;
    const team = found(await findPracticeTeam(db, c.var.account.id, id));
    const reads = memberReads(c);
    const list = await listMembers(db, c.var.account.id, team, reads);
    recordMemberReads(c, reads, 'list', list.items.map((m) => ({ id: m.personId, isUser: m.isUser })));
    return c.json(list satisfies PracticeTeamMemberList);
  })
  /** Who may be added (the Add Member search): staff of the account the caller may read, by name; each recorded in the access log. */
  .get('/teams/:id/candidates', requires('/teams/teams/{id}', 'PATCH'), idParam(), query(practiceTeamCandidateQuerySchema), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.deps.db;
    found(await findPracticeTeam(db, c.var.account.id, id));
    const reads = memberReads(c);
    if (!readsAnyMember(reads)) throw forbidden(messages.forbidden);
    const list = await listCandidates(db, c.var.account.id, reads, c.req.valid('query'));
    recordMemberReads(c, reads, 'list', list.items);
    return c.json(list);
  })
  /** Spec §7 `POST /teams/teams/{id}/member` (body `personId`): 201 with the member; 200 when the person already was one. */
  .post('/teams/:id/member', requires('/teams/teams/{id}', 'PATCH'), idParam(), jsonLimit, json(practiceTeamMemberSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { personId } = c.req.valid('json');
    // Adding names the person: a role that may read no staff record is refused before anything is looked up.
    const reads = memberReads(c);
    if (!readsAnyMember(reads)) throw forbidden(messages.forbidden);
    const { member, added } = await write(c, async ({ tx, audit, accountId, actorName }) => {
      // Locked: two adds at once cannot both pass the size check.
      const team = found(await findPracticeTeam(tx, accountId, id, true));
      // A user or practitioner the caller may read; an unknown id, a patient and staff the caller
      // may not read get the same answer, so the answer tells nothing of a record the caller may not read.
      const person = await staffOf(tx, accountId, personId, reads);
      if (!person) throw badRequest(messages.invalidRequest, { personId: practiceTeamMessages.personNotStaff });
      const member: PracticeTeamMember = { personId: person.id, personName: person.name, teamId: team.id, teamName: team.name, isUser: person.isUser, isPractitioner: person.isPractitioner };
      const [already] = await tx
        .select({ personId: practiceTeamMembers.personId })
        .from(practiceTeamMembers)
        .where(and(eq(practiceTeamMembers.teamId, id), eq(practiceTeamMembers.personId, personId)));
      if (already) return { member, added: false };
      if ((await countMembers(tx, id)) >= practiceTeamLimits.members) throw conflict(practiceTeamMessages.full);
      await tx.insert(practiceTeamMembers).values({ accountId, teamId: id, personId, createdBy: actorName });
      await audit({ action: 'create', resourceType: 'TeamMember', resourceId: id, after: { ...member, title: memberTitle(member) } });
      return { member, added: true };
    });
    recordMemberReads(c, reads, 'view', [{ id: member.personId, isUser: member.isUser }]);
    return c.json(member, added ? 201 : 200);
  })
  /** Spec §7 `DELETE /teams/teams/{teamId}/member/{memberId}`: the member is the person's id. */
  .delete('/teams/:teamId/member/:memberId', requires('/teams/teams/{id}', 'PATCH'), memberParams, async (c) => {
    const { teamId, memberId } = c.req.valid('param');
    const reads = memberReads(c);
    await write(c, async ({ tx, audit, accountId }) => {
      const team = found(await findPracticeTeam(tx, accountId, teamId, true));
      // A member the caller may not read is as if it were not on the team (404), as in the list.
      if (!(await memberOf(tx, accountId, memberId, reads))) throw notFound(messages.notFound);
      const [removed] = await tx
        .delete(practiceTeamMembers)
        .where(and(eq(practiceTeamMembers.accountId, accountId), eq(practiceTeamMembers.teamId, teamId), eq(practiceTeamMembers.personId, memberId)))
        .returning({ personId: practiceTeamMembers.personId });
      if (!removed) throw notFound(messages.notFound);
      const member = { personId: memberId, personName: await personName(tx, accountId, memberId), teamId, teamName: team.name };
      await audit({ action: 'delete', resourceType: 'TeamMember', resourceId: teamId, before: { ...member, title: memberTitle(member) } });
    });
    return c.body(null, 204);
  });

/** The "Recently deleted" page's view of practice teams. */
export const practiceTeamDeleted = {
  resourceType: 'Team',
  table: practiceTeams,
  nameColumn: practiceTeams.name,
  resource: '/teams/teams/{id}' as const,
  path: (id: string) => `/practice/teams/${id}`,
  restorePath: (id: string) => `/teams/teams/${id}/restore`,
};
