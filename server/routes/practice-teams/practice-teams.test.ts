import { and, asc, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DeletedList } from '../../../domain/deleted.ts';
import { messages } from '../../../domain/messages.ts';
import { practiceTeamMessages, type PracticeTeam, type PracticeTeamList, type PracticeTeamMember, type PracticeTeamMemberList } from '../../../domain/practice-teams.ts';
import { auditLog, persons, practiceTeamMembers, practiceTeams } from '../../db/schema/index.ts';
import { demoPracticeTeams } from '../../seed/demo-practice-teams.ts';
import { seedId } from '../../seed/seed.ts';
import { fileHarness } from '../../test/harness.ts';
import { errorOf, recordApi } from '../../test/record-api.ts';

const h = fileHarness();

const { send, create, get, list, auditOf } = recordApi<PracticeTeam, PracticeTeamList>(() => h, '/teams/teams', 'Team');

let n = 0;
const fresh = (prefix = 'Team') => `${prefix} ${n++}`;

/** Persons of an account (not the demo users), in name order. */
async function personsOf(accountId: string, count: number) {
  return h.db
    .select({ id: persons.id, name: persons.displayName })
    .from(persons)
    .where(and(eq(persons.accountId, accountId), ne(persons.userRecord, true)))
    .orderBy(asc(persons.displayName), asc(persons.id))
    .limit(count);
}

const members = async (teamId: string, user: 'manager' | 'viewer' | 'admin' = 'manager') => {
  const res = await h.call(user, `/teams/teams/${teamId}/members`);
  expect(res.status).toBe(200);
  return ((await res.json()) as PracticeTeamMemberList).items;
};

describe('seed', () => {
  it('gives every demo account its teams with members and tags', async () => {
    for (const account of Object.values(h.accounts)) {
      const rows = await h.db.select().from(practiceTeams).where(eq(practiceTeams.accountId, account.id));
      expect(rows.map((r) => r.name).sort()).toEqual(demoPracticeTeams.map((t) => t.name).sort());
    }
    const front = await get(seedId('practice-team:riverside:0'));
    expect(front).toMatchObject({ resourceType: 'Team', name: 'Front Desk', type: 'Front desk', memberCount: 4 });
    expect(await members(front.id)).toHaveLength(4);
    expect((await list('tag=shift:Nights')).items.map((t) => t.name)).toEqual(['After-hours Answering']);
  });
});

describe('create and the §3 shape', () => {
  it('takes name, type, description, affiliation, isViewable and isSchedulable and answers them as sent (defaults: viewable, not schedulable)', async () => {
    const id = await create({ name: '  Pediatric Care Team  ' });
    expect(await get(id)).toMatchObject({
      resourceType: 'Team',
      id,
      accountId: h.accounts.riverside.id,
      name: 'Pediatric Care Team',
      type: null,
      description: null,
      affiliation: null,
      isViewable: true,
      isSchedulable: false,
      memberCount: 0,
      version: 1,
      createdBy: 'Maria Lopez',
      modifiedBy: 'Maria Lopez',
    });
    const body = { name: 'Referral Coordinators', type: 'Referrals', description: 'Sends referrals\nand tracks them.', affiliation: 'Partner practice', isViewable: false, isSchedulable: true };
    const full = await get(await create(body));
    expect(full).toMatchObject(body);
    // What GET answers goes back into PATCH unchanged (the §3 fields round-trip).
    const { name, type, description, affiliation, isViewable, isSchedulable } = full;
    const again = await send('manager', 'PATCH', `/teams/teams/${full.id}`, { version: full.version, name, type, description, affiliation, isViewable, isSchedulable });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject(body);
  });

  it('writes an audit row with the record after', async () => {
    const id = await create({ name: fresh('Audited') });
    const [row] = await auditOf(id);
    expect(row).toMatchObject({ action: 'create', accountId: h.accounts.riverside.id });
    expect((row!.after as PracticeTeam).name).toMatch(/^Audited/);
  });
});

describe('validation: each refusal names its field, and nothing is written', () => {
  it.each([
    ['no name', {}, 'name', practiceTeamMessages.nameRequired],
    ['a blank name', { name: '   ' }, 'name', practiceTeamMessages.nameRequired],
    ['a long name', { name: 'x'.repeat(201) }, 'name', practiceTeamMessages.nameTooLong],
    ['a long description', { name: 'T', description: 'x'.repeat(1001) }, 'description', practiceTeamMessages.descriptionTooLong],
    ['an unknown type', { name: 'T', type: 'Band' }, 'type', practiceTeamMessages.typeInvalid],
    ['an unknown affiliation', { name: 'T', affiliation: 'Mars' }, 'affiliation', practiceTeamMessages.affiliationInvalid],
    ['a flag that is not a boolean', { name: 'T', isViewable: 'yes' }, 'isViewable', 'Viewable must be true or false'],
  ])('%s', async (_label, body, field, message) => {
    const before = await h.db.select().from(practiceTeams);
    const res = await send('manager', 'POST', '/teams/teams', body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.[field]).toBe(message);
    expect(await h.db.select().from(practiceTeams)).toHaveLength(before.length);
  });

  it('an update without its version is refused', async () => {
    const id = await create({ name: fresh() });
    const res = await send('manager', 'PATCH', `/teams/teams/${id}`, { name: 'No version' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.version).toBe(messages.versionRequired);
  });
});

describe('list (server-side filter, sort, paging, person)', () => {
  it('answers items with total and paging, sorted by name; q matches name, description, type or affiliation', async () => {
    const page = await list('limit=10');
    expect(page.total).toBeGreaterThanOrEqual(demoPracticeTeams.length);
    expect(page).toMatchObject({ limit: 10, offset: 0 });
    const names = page.items.map((t) => t.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(page.items[0]).toEqual(expect.objectContaining({ id: expect.any(String), name: expect.any(String), memberCount: expect.any(Number) }));
    expect((await list('q=answering')).items.map((t) => t.name)).toEqual(['After-hours Answering']);
    expect((await list('q=contractor')).items.map((t) => t.name)).toEqual(['After-hours Answering']);
    expect((await list('q=nursing')).items.map((t) => t.name)).toEqual(['Triage Nurses']);
    const second = await list('limit=10&page=2');
    expect(second.offset).toBe(10);
  });

  it('sorts by member count', async () => {
    const desc = (await list('sort=memberCount&order=desc&limit=50')).items.map((t) => t.memberCount);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it('personId= lists the teams a person is on', async () => {
    const [person] = await personsOf(h.accounts.riverside.id, 1);
    const a = await create({ name: fresh('Of person A') });
    const b = await create({ name: fresh('Of person B') });
    await create({ name: fresh('Not of person') });
    for (const id of [a, b]) expect((await send('manager', 'POST', `/teams/teams/${id}/member`, { personId: person!.id })).status).toBe(201);
    const teams = (await list(`personId=${person!.id}&limit=50`)).items.map((t) => t.id);
    expect(teams).toEqual(expect.arrayContaining([a, b]));
    expect(teams.every((id) => id !== undefined)).toBe(true);
    const all = await h.db.select().from(practiceTeamMembers).where(eq(practiceTeamMembers.personId, person!.id));
    expect(teams.sort()).toEqual(all.map((m) => m.teamId).sort());
    const bad = await h.call('manager', '/teams/teams?personId=not-an-id');
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields?.personId).toBe(practiceTeamMessages.personInvalid);
  });

  it('filters by tag (key, or key:value, any case)', async () => {
    const tagged = await create({ name: fresh('Tagged') });
    const other = await create({ name: fresh('Tagged') });
    expect((await send('manager', 'POST', '/tag', { key: 'Floor', value: 'Second', taggedResourceType: 'Team', taggedResourceId: tagged })).status).toBe(201);
    expect((await send('manager', 'POST', '/tag', { key: 'Floor', value: 'Third', taggedResourceType: 'Team', taggedResourceId: other })).status).toBe(201);
    expect((await list('tag=floor&limit=50')).items.map((t) => t.id).sort()).toEqual([tagged, other].sort());
    expect((await list('tag=FLOOR:second')).items.map((t) => t.id)).toEqual([tagged]);
  });
});

describe('versioned update', () => {
  it('bumps the version, audits before and after, and refuses the stale version with 409', async () => {
    const id = await create({ name: fresh('Versioned') });
    const res = await send('manager', 'PATCH', `/teams/teams/${id}`, { version: 1, type: 'Billing', isSchedulable: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ version: 2, type: 'Billing', isSchedulable: true });
    const stale = await send('manager', 'PATCH', `/teams/teams/${id}`, { version: 1, name: 'Overwritten' });
    expect(stale.status).toBe(409);
    expect(await errorOf(stale)).toMatchObject({ code: 'conflict', message: messages.conflict });
    expect((await get(id)).name).toMatch(/^Versioned/);
    const rows = await auditOf(id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect((rows[1]!.before as PracticeTeam).type).toBeNull();
    expect((rows[1]!.after as PracticeTeam).type).toBe('Billing');
  });

  it('a description or type sent empty or null clears it', async () => {
    const id = await create({ name: fresh('Cleared'), description: 'Something', type: 'Nursing' });
    const res = await send('manager', 'PATCH', `/teams/teams/${id}`, { version: 1, description: '', type: null });
    expect(await res.json()).toMatchObject({ description: null, type: null });
  });
});

describe('members (spec §7 POST /teams/teams/{id}/member, DELETE /teams/teams/{teamId}/member/{memberId})', () => {
  it('adds a person and answers the member with both names; again is 200 and adds nothing; listed by name', async () => {
    const name = fresh('Members');
    const id = await create({ name });
    const [first, second] = await personsOf(h.accounts.riverside.id, 2);
    const added = await send('manager', 'POST', `/teams/teams/${id}/member`, { personId: second!.id });
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({ personId: second!.id, personName: second!.name, teamId: id, teamName: name } satisfies PracticeTeamMember);
    const again = await send('manager', 'POST', `/teams/teams/${id}/member`, { personId: second!.id.toUpperCase() });
    expect(again.status).toBe(200);
    expect((await send('manager', 'POST', `/teams/teams/${id}/member`, { personId: first!.id })).status).toBe(201);
    expect((await members(id)).map((m) => m.personName)).toEqual([first!.name, second!.name]);
    expect((await get(id)).memberCount).toBe(2);
    // Members change the team, not its fields: its version stays, so an open edit is not refused.
    expect((await get(id)).version).toBe(1);
    const audit = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceType, 'TeamMember'), eq(auditLog.resourceId, id)));
    expect(audit.map((r) => r.action)).toEqual(['create', 'create']);
    expect(audit[0]!.after).toMatchObject({ personId: second!.id, teamId: id, title: `${second!.name} in ${name}` });
  });

  it('removes a member by person id (204), then 404; audited', async () => {
    const id = await create({ name: fresh('Removal') });
    const [person] = await personsOf(h.accounts.riverside.id, 1);
    await send('manager', 'POST', `/teams/teams/${id}/member`, { personId: person!.id });
    expect((await send('manager', 'DELETE', `/teams/teams/${id}/member/${person!.id}`)).status).toBe(204);
    expect(await members(id)).toEqual([]);
    expect((await send('manager', 'DELETE', `/teams/teams/${id}/member/${person!.id}`)).status).toBe(404);
    expect((await send('manager', 'DELETE', `/teams/teams/${id}/member/not-an-id`)).status).toBe(404);
    const audit = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceType, 'TeamMember'), eq(auditLog.resourceId, id)));
    expect(audit.map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('refuses a person of another account, or none, naming personId', async () => {
    const id = await create({ name: fresh('Foreign') });
    const [lakesider] = await personsOf(h.accounts.lakeside.id, 1);
    for (const body of [{ personId: lakesider!.id }, { personId: '0b0e0c0a-0000-4000-8000-00000000beef' }]) {
      const res = await send('manager', 'POST', `/teams/teams/${id}/member`, body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields?.personId).toBe(practiceTeamMessages.personUnknown);
    }
    const bad = await send('manager', 'POST', `/teams/teams/${id}/member`, { personId: 'x' });
    expect((await errorOf(bad)).fields?.personId).toBe(practiceTeamMessages.personInvalid);
    expect(await members(id)).toEqual([]);
  });
});

describe('soft delete and restore', () => {
  it('a deleted team leaves the list and GET at once, shows in Recently deleted; restore brings it back with its members', async () => {
    const name = fresh('Deletable');
    const id = await create({ name });
    const [person] = await personsOf(h.accounts.riverside.id, 1);
    await send('manager', 'POST', `/teams/teams/${id}/member`, { personId: person!.id });
    expect((await send('manager', 'DELETE', `/teams/teams/${id}`)).status).toBe(204);
    expect((await h.call('manager', `/teams/teams/${id}`)).status).toBe(404);
    expect((await h.call('manager', `/teams/teams/${id}/members`)).status).toBe(404);
    expect((await send('manager', 'PATCH', `/teams/teams/${id}`, { version: 2, name: 'x' })).status).toBe(404);
    expect((await send('manager', 'POST', `/teams/teams/${id}/member`, { personId: person!.id })).status).toBe(404);
    expect((await list(`q=${encodeURIComponent(name)}`)).items).toEqual([]);
    const deleted = (await (await h.call('manager', '/deleted')).json()) as DeletedList;
    expect(deleted.items.find((e) => e.id === id)).toMatchObject({ resourceType: 'Team', name, path: `/practice/teams/${id}`, restorePath: `/teams/teams/${id}/restore` });

    const restored = await send('manager', 'POST', `/teams/teams/${id}/restore`);
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ id, name, version: 3, memberCount: 1 });
    expect((await list(`q=${encodeURIComponent(name)}`)).items.map((t) => t.id)).toEqual([id]);
    expect((await auditOf(id)).map((r) => r.action)).toEqual(['create', 'delete', 'restore']);
    expect((await send('manager', 'POST', `/teams/teams/${id}/restore`)).status).toBe(404);
  });
});

describe('tenancy', () => {
  it("another account's team is 404 to read, change, delete, restore or add to, and absent from the list", async () => {
    const name = fresh('Lakeside only');
    const id = await create({ name }, 'manager', `?accountId=${h.accounts.lakeside.id}`);
    expect((await h.call('manager', `/teams/teams/${id}?accountId=${h.accounts.lakeside.id}`)).status).toBe(200);
    expect((await h.call('manager', `/teams/teams/${id}`)).status).toBe(404);
    expect((await h.call('viewer', `/teams/teams/${id}`)).status).toBe(404);
    expect((await h.call('manager', `/teams/teams/${id}/members`)).status).toBe(404);
    expect((await send('manager', 'PATCH', `/teams/teams/${id}`, { version: 1, name: 'Stolen' })).status).toBe(404);
    const [person] = await personsOf(h.accounts.riverside.id, 1);
    expect((await send('manager', 'POST', `/teams/teams/${id}/member`, { personId: person!.id })).status).toBe(404);
    expect((await send('manager', 'DELETE', `/teams/teams/${id}`)).status).toBe(404);
    expect((await send('manager', 'POST', `/teams/teams/${id}/restore`)).status).toBe(404);
    expect((await list(`q=${encodeURIComponent(name)}`)).items).toEqual([]);
    expect((await get(id, 'manager')).name).toBeUndefined();
  });
});

describe('permissions', () => {
  it('Read Only reads teams and members but may not create, change, delete, restore or change members', async () => {
    const id = await create({ name: fresh('Viewer target') });
    const [person] = await personsOf(h.accounts.riverside.id, 1);
    await send('manager', 'POST', `/teams/teams/${id}/member`, { personId: person!.id });
    expect((await h.call('viewer', '/teams/teams')).status).toBe(200);
    expect((await h.call('viewer', `/teams/teams/${id}`)).status).toBe(200);
    expect(await members(id, 'viewer')).toHaveLength(1);
    expect((await send('viewer', 'POST', '/teams/teams', { name: fresh() })).status).toBe(403);
    expect((await send('viewer', 'PATCH', `/teams/teams/${id}`, { version: 1, name: 'x' })).status).toBe(403);
    expect((await send('viewer', 'DELETE', `/teams/teams/${id}`)).status).toBe(403);
    expect((await send('viewer', 'POST', `/teams/teams/${id}/restore`)).status).toBe(403);
    expect((await send('viewer', 'POST', `/teams/teams/${id}/member`, { personId: person!.id })).status).toBe(403);
    expect((await send('viewer', 'DELETE', `/teams/teams/${id}/member/${person!.id}`)).status).toBe(403);
    expect(await get(id)).toMatchObject({ version: 1, memberCount: 1 });
  });

  it('the instance administrator passes; the team audit entries are shown to roles that may read teams', async () => {
    expect((await h.call('admin', `/teams/teams?accountId=${h.accounts.riverside.id}`)).status).toBe(200);
    const id = await create({ name: fresh('Logged') });
    const res = await h.call('viewer', '/audit/entries?resourceType=Team&limit=50');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { resourceId: string | null }[] };
    expect(body.items.some((e) => e.resourceId === id)).toBe(true);
  });
});
