import { and, asc, eq, ne, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DeletedList } from '../../../domain/deleted.ts';
import { messages } from '../../../domain/messages.ts';
import type { ApiKeyCreated } from '../../../domain/api-keys.ts';
import type { ResourceGrants } from '../../../domain/permissions.ts';
import { practiceTeamMessages, type PracticeTeam, type PracticeTeamCandidateList, type PracticeTeamList, type PracticeTeamMember, type PracticeTeamMemberList } from '../../../domain/practice-teams.ts';
import { accessLog, auditLog, persons, practiceTeamMembers, practiceTeams } from '../../db/schema/index.ts';
import { demoPracticeTeams } from '../../seed/demo-practice-teams.ts';
import { seedId } from '../../seed/seed.ts';
import { fileHarness } from '../../test/harness.ts';
import { errorOf, recordApi } from '../../test/record-api.ts';

const h = fileHarness();

const { send, create, get, list, auditOf } = recordApi<PracticeTeam, PracticeTeamList>(() => h, '/teams/teams', 'Team');

let n = 0;
const fresh = (prefix = 'Team') => `${prefix} ${n++}`;

/** Practitioners of an account who are not users (staff, and not the demo users), in name order. */
async function personsOf(accountId: string, count: number) {
  return h.db
    .select({ id: persons.id, name: persons.displayName })
    .from(persons)
    .where(and(eq(persons.accountId, accountId), eq(persons.practitionerRecord, true), ne(persons.userRecord, true)))
    .orderBy(asc(persons.displayName), asc(persons.id))
    .limit(count);
}

/** Persons of an account who are neither users nor practitioners: the practice's patients. */
async function patientsOf(accountId: string, count: number) {
  return h.db
    .select({ id: persons.id, name: persons.displayName })
    .from(persons)
    .where(and(eq(persons.accountId, accountId), eq(persons.practitionerRecord, false), eq(persons.userRecord, false)))
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

  it("puts only the practice's staff (users and practitioners) on the demo teams, never a patient", async () => {
    const rows = await h.db
      .select({ isUser: persons.userRecord, isPractitioner: persons.practitionerRecord })
      .from(practiceTeamMembers)
      .innerJoin(persons, eq(persons.id, practiceTeamMembers.personId));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => !r.isUser && !r.isPractitioner)).toEqual([]);
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

  it('an update without its version applies to the current one (issue 44)', async () => {
    const id = await create({ name: fresh() });
    const res = await send('manager', 'PATCH', `/teams/teams/${id}`, { name: `No version ${id}` });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ version: 2 });
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
    expect(await added.json()).toEqual({ personId: second!.id, personName: second!.name, teamId: id, teamName: name, isUser: false, isPractitioner: true } satisfies PracticeTeamMember);
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
      expect((await errorOf(res)).fields?.personId).toBe(practiceTeamMessages.personNotStaff);
    }
    const bad = await send('manager', 'POST', `/teams/teams/${id}/member`, { personId: 'x' });
    expect((await errorOf(bad)).fields?.personId).toBe(practiceTeamMessages.personInvalid);
    expect(await members(id)).toEqual([]);
  });
});

describe('who may be a member, and who may read one (issue 40)', () => {
  /** A role of Riverside with these grants, and an API key holding it (made by the instance administrator). */
  async function keyWith(name: string, resources: ResourceGrants) {
    const riverside = `accountId=${h.accounts.riverside.id}`;
    const role = await h.call('admin', `/permissions/roles?${riverside}`, { method: 'POST', json: { name, resources } });
    expect(role.status, await role.clone().text()).toBe(201);
    const { id: roleId } = (await role.json()) as { id: string };
    const key = await h.call('admin', `/permissions/apikeys?${riverside}`, { method: 'POST', json: { name: `${name} key`, roleId } });
    expect(key.status, await key.clone().text()).toBe(201);
    return ((await key.json()) as ApiKeyCreated).secret;
  }
  const withKey = (secret: string, path: string, init: { method?: string; json?: unknown } = {}) =>
    h.api.request(path, {
      method: init.method ?? 'GET',
      headers: { Authorization: `Bearer ${secret}`, ...(init.json === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  const teamGrants = { '/permissions/accesspolicy': { GET: true }, '/teams/teams': { GET: true, POST: true, PATCH: true, DELETE: true }, '/teams/teams/{id}': { GET: true, POST: true, PATCH: true, DELETE: true } } satisfies ResourceGrants;
  const unknown = '0b0e0c0a-0000-4000-8000-00000000beef';

  it('a patient cannot be added, answered as an unknown id is; a user or a practitioner can', async () => {
    const id = await create({ name: fresh('Staff only') });
    const [patient] = await patientsOf(h.accounts.riverside.id, 1);
    const refused = await send('manager', 'POST', `/teams/teams/${id}/member`, { personId: patient!.id });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).fields).toEqual({ personId: practiceTeamMessages.personNotStaff });
    const [practitioner] = await personsOf(h.accounts.riverside.id, 1);
    const user = await send('manager', 'POST', `/teams/teams/${id}/member`, { personId: seedId('person:viewer') });
    expect(user.status).toBe(201);
    expect(await user.json()).toMatchObject({ personName: 'Victor Chen', isUser: true, isPractitioner: false });
    expect((await send('manager', 'POST', `/teams/teams/${id}/member`, { personId: practitioner!.id })).status).toBe(201);
    expect((await members(id)).map((m) => m.personId).sort()).toEqual([seedId('person:viewer'), practitioner!.id].sort());
  });

  it('a key with only the practice-team grants gets no name: 403 on add (whatever the id), members counted but not named, no teams by person, 404 on removing', async () => {
    const secret = await keyWith('Teams only', teamGrants);
    const front = seedId('practice-team:riverside:0');
    const named = await members(front);
    expect(named).toHaveLength(4);
    const member = named[0]!;
    expect((await withKey(secret, `/person/persons/${member.personId}`)).status).toBe(403);
    const [patient] = await patientsOf(h.accounts.riverside.id, 1);
    for (const personId of [member.personId, unknown, patient!.id]) {
      const res = await withKey(secret, `/teams/teams/${front}/member`, { method: 'POST', json: { personId } });
      expect(res.status, personId).toBe(403);
      expect(await res.text()).not.toContain(member.personName);
    }
    const listed = await withKey(secret, `/teams/teams/${front}/members`);
    expect(listed.status).toBe(200);
    const body = await listed.text();
    expect(JSON.parse(body)).toEqual({ items: [], hidden: 4 } satisfies PracticeTeamMemberList);
    for (const m of named) {
      expect(body).not.toContain(m.personName);
      expect(body).not.toContain(m.personId);
    }
    const byPerson = await withKey(secret, `/teams/teams?personId=${member.personId}`);
    expect(((await byPerson.json()) as PracticeTeamList).items).toEqual([]);
    expect((await withKey(secret, `/teams/teams/${front}/candidates`)).status).toBe(403);
    expect((await withKey(secret, `/teams/teams/${front}/member/${member.personId}`, { method: 'DELETE' })).status).toBe(404);
    expect(await members(front)).toHaveLength(4);
  });

  it('a role that reads practitioners (not persons nor users) sees the practitioner members by name and the others counted; a user is answered as an unknown id', async () => {
    const secret = await keyWith('Teams and practitioners', { ...teamGrants, '/person/practitioners/{id}': { GET: true } });
    const id = await create({ name: fresh('Mixed') });
    const [practitioner, second] = await personsOf(h.accounts.riverside.id, 2);
    for (const personId of [practitioner!.id, seedId('person:viewer')]) expect((await send('manager', 'POST', `/teams/teams/${id}/member`, { personId })).status).toBe(201);
    const listed = (await (await withKey(secret, `/teams/teams/${id}/members`)).json()) as PracticeTeamMemberList;
    expect(listed).toEqual({ items: [expect.objectContaining({ personId: practitioner!.id, personName: practitioner!.name, isPractitioner: true })], hidden: 1 });
    for (const personId of [seedId('person:manager'), unknown]) {
      const res = await withKey(secret, `/teams/teams/${id}/member`, { method: 'POST', json: { personId } });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields).toEqual({ personId: practiceTeamMessages.personNotStaff });
    }
    expect((await withKey(secret, `/teams/teams/${id}/member`, { method: 'POST', json: { personId: second!.id } })).status).toBe(201);
    const candidates = (await (await withKey(secret, `/teams/teams/${id}/candidates?limit=50`)).json()) as PracticeTeamCandidateList;
    expect(candidates.items.length).toBeGreaterThan(0);
    expect(candidates.items.every((c) => c.isPractitioner)).toBe(true);
  });

  it('the Add Member search offers the staff, never a patient, by name', async () => {
    const id = await create({ name: fresh('Search') });
    const [patient] = await patientsOf(h.accounts.riverside.id, 1);
    const everyone = (await (await h.call('manager', `/teams/teams/${id}/candidates?limit=50`)).json()) as PracticeTeamCandidateList;
    const staff = await h.db.select({ id: persons.id }).from(persons).where(and(eq(persons.accountId, h.accounts.riverside.id), or(eq(persons.userRecord, true), eq(persons.practitionerRecord, true))));
    // Riverside's 37 users and practitioners, all within one answer of 50.
    expect(staff.length).toBeLessThan(50);
    expect(everyone.items.map((c) => c.id).sort()).toEqual(staff.map((p) => p.id).sort());
    expect(everyone.items.every((c) => c.isUser || c.isPractitioner)).toBe(true);
    const names = everyone.items.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const victor = (await (await h.call('manager', `/teams/teams/${id}/candidates?q=victor%20c`)).json()) as PracticeTeamCandidateList;
    expect(victor.items).toEqual([{ id: seedId('person:viewer'), name: 'Victor Chen', isUser: true, isPractitioner: false }]);
    const asPatient = (await (await h.call('manager', `/teams/teams/${id}/candidates?q=${encodeURIComponent(patient!.name)}`)).json()) as PracticeTeamCandidateList;
    expect(asPatient.items.map((c) => c.id)).not.toContain(patient!.id);
  });

  it("the system log's member changes, which name the person, are shown only to a role that may read persons too", async () => {
    const id = await create({ name: fresh('Logged member') });
    const [practitioner] = await personsOf(h.accounts.riverside.id, 1);
    expect((await send('manager', 'POST', `/teams/teams/${id}/member`, { personId: practitioner!.id })).status).toBe(201);
    const log = { '/audit/entries': { GET: true } } satisfies ResourceGrants;
    const blind = await keyWith('Teams and log', { ...teamGrants, ...log });
    const reader = await keyWith('Teams, persons and log', { ...teamGrants, ...log, '/person/persons/{id}': { GET: true } });
    const entries = async (secret: string) => ((await (await withKey(secret, '/audit/entries?resourceType=TeamMember&limit=100')).json()) as { items: { resourceId: string; title: string }[] }).items;
    expect((await entries(reader)).some((e) => e.resourceId === id && e.title.includes(practitioner!.name))).toBe(true);
    expect(await entries(blind)).toEqual([]);
  });

  it('every member named is in the access log: the list, the add and the search', async () => {
    const id = await create({ name: fresh('Logged reads') });
    const [practitioner] = await personsOf(h.accounts.riverside.id, 1);
    const reads = () => h.db.select().from(accessLog).where(and(eq(accessLog.resourceId, practitioner!.id), eq(accessLog.actorId, seedId('person:manager'))));
    await h.deps.accessLog!.flush();
    const before = (await reads()).length;
    expect((await send('manager', 'POST', `/teams/teams/${id}/member`, { personId: practitioner!.id })).status).toBe(201);
    expect(await members(id)).toHaveLength(1);
    expect((await h.call('manager', `/teams/teams/${id}/candidates?q=${encodeURIComponent(practitioner!.name)}`)).status).toBe(200);
    await h.deps.accessLog!.flush();
    const rows = (await reads()).slice(before);
    expect(rows.map((r) => `${r.resourceType}:${r.action}`).sort()).toEqual(['Person:list', 'Person:list', 'Person:view']);
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

describe('the whole record in the list, and tags on it (spec §3 Team, issue 44)', () => {
  it('a list item is the team as GET answers it, with its member count and tags', async () => {
    const id = await create({ name: fresh('Listed'), description: 'Whole', tags: [{ key: 'shift', value: 'Night' }] });
    const record = await get(id);
    expect(record.tags.map(({ key, value }) => ({ key, value }))).toEqual([{ key: 'shift', value: 'Night' }]);
    const listed = (await list(`q=${id}`)).items.find((item) => item.id === id);
    expect(listed).toEqual(record);
  });

  it('a PATCH’s tags replace the team’s /tag records; /tag sees them', async () => {
    const id = await create({ name: fresh('Tagged'), tags: [{ key: 'a', value: '1' }] });
    const res = await send('manager', 'PATCH', `/teams/teams/${id}`, { tags: [{ key: 'b', value: '2' }] });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as PracticeTeam).tags.map((tag) => tag.key)).toEqual(['b']);
    const viaTag = (await (await h.call('manager', `/tag?taggedResourceType=Team&taggedResourceId=${id}`)).json()) as { items: { key: string }[] };
    expect(viaTag.items.map((tag) => tag.key)).toEqual(['b']);
  });
});
