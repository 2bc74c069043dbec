import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../domain/messages.ts';
import { filteredTotalBound, type Person, type PersonList, type Practitioner, type PractitionerList, type UserList } from '../../../domain/persons.ts';
import { insertManyPersons } from '../../seed/demo-persons.ts';
import { auditLog, persons, practitioners } from '../../db/schema/index.ts';
import { demoPeople, seedId } from '../../seed/seed.ts';
import { personSearch, practitionerSearch, userSearch } from '../../search/providers.ts';
import { peopleTestKit } from '../../test/people-kit.ts';
import { createHarness, type Harness } from '../../test/harness.ts';

/**
 * Persons (server/routes/persons/), and what the /person API shares with users and practitioners
 * (server/routes/users/, server/routes/practitioners/): tenancy, Read Only, lists, search, the demo seed.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const { snapshot, send, errorOf, name, createPerson, getPerson } = peopleTestKit(() => h);

// A 1×1 PNG.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('person validation (spec §5)', () => {
  const cases: [string, unknown, string, string][] = [
    ['no names at all', {}, 'name', messages.atLeastOneName],
    ['an empty name list', { name: [] }, 'name', messages.atLeastOneName],
    ['a name without usage', { name: [{ family: 'Lee', given: ['Ann'] }] }, 'name.0.use', messages.usageRequired],
    ['a name with an unknown usage', { name: [name('Ann', 'Lee', { use: 'alias' })] }, 'name.0.use', messages.usageRequired],
    ['a name without last name', { name: [{ use: 'official', given: ['Ann'] }] }, 'name.0.family', messages.lastNameRequired],
    ['a blank last name', { name: [name('Ann', '   ')] }, 'name.0.family', messages.lastNameRequired],
    ['a name without given names', { name: [{ use: 'official', family: 'Lee' }] }, 'name.0.given', messages.firstNameRequired],
    ['an empty given list', { name: [name('Ann', 'Lee', { given: [] })] }, 'name.0.given.0', messages.firstNameRequired],
    ['a blank first name', { name: [name(' ', 'Lee')] }, 'name.0.given.0', messages.firstNameRequired],
    ['a first name over 100 characters', { name: [name('A'.repeat(101), 'Lee')] }, 'name.0.given.0', messages.namePartTooLong],
    ['an unknown prefix', { name: [name('Ann', 'Lee', { prefix: ['Sir'] })] }, 'name.0.prefix.0', messages.prefixUnknown],
    ['an unknown suffix', { name: [name('Ann', 'Lee', { suffix: ['Esquire'] })] }, 'name.0.suffix.0', messages.suffixUnknown],
    ['a period ending before it starts', { name: [name('Ann', 'Lee', { period: { start: '2020-02-01', end: '2020-01-01' } })] }, 'name.0.period', messages.periodOrder],
    ['eleven names', { name: Array.from({ length: 11 }, () => name('Ann', 'Lee')) }, 'name', messages.tooManyNames],
    ['a bad gender', { name: [name('Ann', 'Lee')], gender: 'X' }, 'gender', messages.genderInvalid],
    ['an unknown language', { name: [name('Ann', 'Lee')], communication: [{ code: 'xx', preferred: true }] }, 'communication.0.code', messages.languageUnknown],
    ['a language twice', { name: [name('Ann', 'Lee')], communication: [{ code: 'cy' }, { code: 'cy' }] }, 'communication', messages.languageDuplicate],
    ['two preferred languages', { name: [name('Ann', 'Lee')], communication: [{ code: 'cy', preferred: true }, { code: 'ar', preferred: true }] }, 'communication', messages.onePreferredLanguage],
    ['a malformed accountId', { name: [name('Ann', 'Lee')], accountId: 'nope' }, 'accountId', messages.accountIdInvalid],
  ];
  it.each(cases)('refuses %s with its message, writing nothing', async (_, body, field, message) => {
    const before = await snapshot();
    const res = await send('manager', 'POST', '/person/persons', body);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('invalid_request');
    expect(error.fields?.[field]).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('takes an empty gender as none, and refuses an oversized body (413)', async () => {
    const { id } = await createPerson('manager', { name: [name('Sam', 'Blank')], gender: '' });
    expect((await getPerson('manager', id)).gender).toBeNull();
    const before = await snapshot();
    const res = await send('manager', 'POST', '/person/persons', { name: [name('Big', 'Body')], orgRole: 'x'.repeat(70_000) });
    expect(res.status).toBe(413);
    expect((await errorOf(res)).message).toBe(messages.requestTooLarge);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await h.call('manager', '/person/persons', { method: 'POST', body: '{', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
  });

  it('a PATCH without a person id answers "Person not updated"', async () => {
    const res = await send('manager', 'PATCH', '/person/persons/undefined', { version: 1, orgRole: 'Nurse' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(messages.personNotUpdated);
  });

  it('a PATCH without a version applies to the current one (issue 44); one that is no number is refused', async () => {
    const { id } = await createPerson('manager', { name: [name('Vera', 'Quill')] });
    const res = await send('manager', 'PATCH', `/person/persons/${id}`, { orgRole: 'Nurse' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ orgRole: 'Nurse', version: 2 });
    const bad = await send('manager', 'PATCH', `/person/persons/${id}`, { version: 1.5, orgRole: 'Doctor' });
    expect((await errorOf(bad)).fields?.version).toBe(messages.versionInvalid);
  });
});

describe('persons', () => {
  it('creates a person (201 { id }) with computed name text, the first language preferred and the common fields set by the server', async () => {
    const before = await snapshot();
    const res = await send('manager', 'POST', '/person/persons', {
      name: [
        { use: 'official', family: ' Okonkwo ', given: ['Adaeze', 'Ngozi'], prefix: ['Dr', 'Dr'], suffix: ['N/A'], text: 'ignored' },
        { use: 'nickname', family: 'Okonkwo', given: ['Ada', ''] },
      ],
      gender: 'F',
      orgRole: 'Physician',
      communication: [{ code: 'en-GB' }, { code: 'cy' }],
      id: seedId('person:admin'),
      createdBy: 'Mallory',
      version: 42,
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string };
    expect(Object.keys(created)).toEqual(['id']);
    expect(created.id).not.toBe(seedId('person:admin'));
    const person = await getPerson('manager', created.id);
    expect(person).toMatchObject({
      id: created.id,
      accountId: h.accounts.riverside.id,
      resourceType: 'Person',
      createdBy: 'Maria Lopez',
      modifiedBy: 'Maria Lopez',
      version: 1,
      displayName: 'Adaeze Okonkwo',
      gender: 'F',
      orgRole: 'Physician',
      practitionerRecord: false,
      userRecord: false,
      communication: [
        { code: 'en-GB', preferred: true },
        { code: 'cy', preferred: false },
      ],
      name: [
        { use: 'official', text: 'Adaeze Okonkwo', family: 'Okonkwo', given: ['Adaeze', 'Ngozi'], prefix: ['Dr'], suffix: ['N/A'] },
        { use: 'nickname', text: 'Ada Okonkwo', family: 'Okonkwo', given: ['Ada'], prefix: [], suffix: [] },
      ],
    });
    expect(Date.parse(person.createdTimestamp)).toBeGreaterThan(Date.now() - 60_000);
    expect(await snapshot()).toEqual({ ...before, persons: before.persons + 1, audit: before.audit + 1 });
    const [audit] = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceId, created.id), eq(auditLog.resourceType, 'Person')));
    expect(audit).toMatchObject({ action: 'create', accountId: h.accounts.riverside.id, actorName: 'Maria Lopez' });
  });

  it('keeps the chosen preferred language', async () => {
    const { id } = await createPerson('manager', { name: [name('Ana', 'Reyes')], communication: [{ code: 'en-US' }, { code: 'es-MX', preferred: true }] });
    expect((await getPerson('manager', id)).communication).toEqual([
      { code: 'en-US', preferred: false },
      { code: 'es-MX', preferred: true },
    ]);
  });

  it('updates the editable fields; the common fields and record flags cannot be edited', async () => {
    const { id } = await createPerson('manager', { name: [name('Tomas', 'Berg')], orgRole: 'Patient' });
    const original = await getPerson('manager', id);
    const res = await send('manager', 'PATCH', `/person/persons/${id}`, {
      version: 1,
      orgRole: 'Caregiver',
      name: [name('Tomás', 'Berg')],
      gender: null,
      id: seedId('person:viewer'),
      accountId: h.accounts.astera.id,
      createdBy: 'Mallory',
      modifiedBy: 'Mallory',
      createdTimestamp: '2000-01-01T00:00:00.000Z',
      resourceType: 'User',
      practitionerRecord: true,
      userRecord: true,
    });
    expect(res.status).toBe(200);
    const updated = (await res.json()) as Person;
    expect(updated).toMatchObject({
      id,
      accountId: h.accounts.riverside.id,
      resourceType: 'Person',
      createdBy: original.createdBy,
      createdTimestamp: original.createdTimestamp,
      modifiedBy: 'Maria Lopez',
      version: 2,
      orgRole: 'Caregiver',
      gender: null,
      displayName: 'Tomás Berg',
      practitionerRecord: false,
      userRecord: false,
    });
    expect(await getPerson('manager', id)).toEqual(updated);
    const [audit] = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceId, id), eq(auditLog.action, 'update')));
    expect(audit?.before).toMatchObject({ orgRole: 'Patient', version: 1 });
    expect(audit?.after).toMatchObject({ orgRole: 'Caregiver', version: 2 });
  });

  it('a stale version is refused (409) and writes nothing', async () => {
    const { id } = await createPerson('manager', { name: [name('Ines', 'Vogel')] });
    expect((await send('manager', 'PATCH', `/person/persons/${id}`, { version: 1, orgRole: 'Staff' })).status).toBe(200);
    const before = await snapshot();
    const current = await getPerson('manager', id);
    const res = await send('manager', 'PATCH', `/person/persons/${id}`, { version: 1, orgRole: 'Nurse' });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(messages.conflict);
    expect(await getPerson('manager', id)).toEqual(current);
    expect(await snapshot()).toEqual(before);
  });

  it("'Take me to Practitioner Setup' creates the practitioner in the same transaction", async () => {
    const before = await snapshot();
    const created = await createPerson('manager', { name: [name('Priya', 'Raman')], makePractitioner: true });
    expect(created.practitionerId).toBe(created.id);
    expect((await getPerson('manager', created.id)).practitionerRecord).toBe(true);
    const practitioner = (await (await h.call('manager', `/person/practitioners/${created.id}`)).json()) as Practitioner;
    expect(practitioner).toMatchObject({ id: created.id, name: 'Priya Raman', active: true, resourceType: 'Practitioner', associations: [], photo: null });
    expect(await snapshot()).toEqual({ ...before, persons: before.persons + 1, practitioners: before.practitioners + 1, audit: before.audit + 2 });

    // The practitioner insert fails: the person is not created either.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    await h.db.execute(sql`create function refuse() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);
    await h.db.execute(sql`create trigger refuse before insert on practitioners for each row execute function refuse()`);
    try {
      const middle = await snapshot();
      const res = await send('manager', 'POST', '/person/persons', { name: [name('Half', 'Way')], makePractitioner: true });
      expect(res.status).toBe(500);
      expect((await errorOf(res)).message).toBe(messages.serverError);
      expect(await snapshot()).toEqual(middle);
    } finally {
      await h.db.execute(sql`drop trigger refuse on practitioners`);
      await h.db.execute(sql`drop function refuse()`);
      quiet.mockRestore();
    }
  });
});

describe('tenancy', () => {
  const asteraPerson = seedId('person:admin');

  it("a record of another account is not found (404), not forbidden", async () => {
    expect((await h.call('manager', `/person/persons/${asteraPerson}`)).status).toBe(404);
    expect((await send('manager', 'PATCH', `/person/persons/${asteraPerson}`, { version: 1, orgRole: 'x' })).status).toBe(404);
    expect((await h.call('manager', `/person/users/${asteraPerson}`)).status).toBe(404);
    expect((await send('manager', 'POST', `/person/users/${asteraPerson}`, { email: 'a@b.test', principalId: 'p-x' })).status).toBe(404);
    expect((await send('manager', 'POST', `/person/practitioners/${asteraPerson}`, {})).status).toBe(404);
    expect((await h.call('manager', `/person/persons/not-an-id`)).status).toBe(404);
    const list = (await (await h.call('manager', '/person/persons?limit=50&q=Alex Morgan')).json()) as PersonList;
    expect(list.total).toBe(0);
  });

  it('with accountId=Lakeside the practice administrator works in Lakeside (assumed account)', async () => {
    const lakeside = h.accounts.lakeside.id;
    const list = (await (await h.call('manager', `/person/persons?accountId=${lakeside}&limit=50`)).json()) as PersonList;
    expect(list.total).toBe(demoPeople.persons);
    const { id } = await createPerson('manager', { name: [name('Lake', 'Walker')] }, `/person/persons?accountId=${lakeside}`);
    const [row] = await h.db.select().from(persons).where(eq(persons.id, id));
    expect(row?.accountId).toBe(lakeside);
    expect((await h.call('manager', `/person/persons/${id}`)).status).toBe(404);
    expect((await h.call('manager', `/person/persons/${id}?accountId=${lakeside}`)).status).toBe(200);
    const [audit] = await h.db.select().from(auditLog).where(eq(auditLog.resourceId, id));
    expect(audit?.accountId).toBe(lakeside);
  });

  it('only an instance administrator may create a person in a chosen account', async () => {
    const before = await snapshot();
    const res = await send('manager', 'POST', '/person/persons', { name: [name('Not', 'Allowed')], accountId: h.accounts.astera.id });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toBe(messages.foreignAccount);
    const viewer = await send('viewer', 'POST', '/person/persons', { name: [name('Not', 'Allowed')], accountId: h.accounts.astera.id });
    expect(viewer.status).toBe(403);
    expect(await snapshot()).toEqual(before);

    // The caller's own account in the body is no foreign account.
    await createPerson('manager', { name: [name('Own', 'Account')], accountId: h.accounts.riverside.id });

    const { id } = await createPerson('admin', { name: [name('Ghost', 'Created')], accountId: h.accounts.lakeside.id });
    const [row] = await h.db.select().from(persons).where(eq(persons.id, id));
    expect(row).toMatchObject({ accountId: h.accounts.lakeside.id, createdBy: 'Alex Morgan' });
    const [audit] = await h.db.select().from(auditLog).where(eq(auditLog.resourceId, id));
    expect(audit?.accountId).toBe(h.accounts.lakeside.id);

    const missing = await send('admin', 'POST', '/person/persons', { name: [name('No', 'Where')], accountId: seedId('account:nowhere') });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).fields?.accountId).toBe(messages.accountNotFound);

    // Without accountId an instance administrator creates in the request's account.
    const own = await createPerson('admin', { name: [name('Home', 'Made')] });
    expect((await h.db.select().from(persons).where(eq(persons.id, own.id)))[0]?.accountId).toBe(h.accounts.astera.id);
  });

  it("a read-only user may not act in another account's persons (403)", async () => {
    expect((await h.call('viewer', `/person/persons?accountId=${h.accounts.astera.id}`)).status).toBe(403);
  });
});

describe('permissions', () => {
  it('Read Only can list and read but not write: 403 and nothing written', async () => {
    expect((await h.call('viewer', '/person/persons')).status).toBe(200);
    expect((await h.call('viewer', '/person/users')).status).toBe(200);
    expect((await h.call('viewer', '/person/practitioners')).status).toBe(200);
    const person = seedId('person:riverside:40');
    const practitioner = seedId('person:riverside:0');
    expect((await h.call('viewer', `/person/persons/${person}`)).status).toBe(200);
    const before = await snapshot();
    const attempts: [string, string, unknown][] = [
      ['POST', '/person/persons', { name: [name('Read', 'Only')] }],
      ['PATCH', `/person/persons/${person}`, { version: 1, orgRole: 'Nurse' }],
      ['POST', `/person/users/${person}`, { email: 'ro@riverside.test', principalId: 'ro-1' }],
      ['PATCH', `/person/users/${seedId('person:manager')}`, { version: 1, active: false }],
      ['DELETE', `/person/users/${seedId('person:manager')}`, undefined],
      ['POST', `/person/practitioners/${person}`, {}],
      ['PATCH', `/person/practitioners/${practitioner}`, { version: 1, active: false }],
      ['DELETE', `/person/practitioners/${practitioner}`, undefined],
    ];
    for (const [method, path, json] of attempts) {
      const res = await send('viewer', method, path, json);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await errorOf(res)).message).toBe(messages.forbidden);
    }
    const photo = await h.call('viewer', `/person/practitioners/${practitioner}/photo`, { method: 'PUT', body: Uint8Array.from(png), headers: { 'Content-Type': 'image/png' } });
    expect(photo.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('an unauthenticated request is 401', async () => {
    expect((await h.call('viewer', '/person/persons', { token: null })).status).toBe(401);
  });
});

describe('lists', () => {
  const list = async <T,>(path: string) => {
    const res = await h.call('manager', path);
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };

  it('pages with limit/offset and an exact total, and falls back to 10 rows for a bad page size', async () => {
    const [{ n }] = (await h.db.select({ n: count() }).from(persons).where(eq(persons.accountId, h.accounts.riverside.id))) as [{ n: number }];
    const first = await list<PersonList>('/person/persons');
    expect(first).toMatchObject({ total: n, limit: 10, offset: 0 });
    expect(first.Items).toHaveLength(10);
    for (const bad of ['13', 'abc', '-1', '1000']) {
      expect(await list<PersonList>(`/person/persons?limit=${bad}&page=zz&sort=nope&order=up`)).toMatchObject({ limit: 10, offset: 0, total: n });
    }
    const page3 = await list<PersonList>('/person/persons?limit=20&page=3');
    expect(page3).toMatchObject({ limit: 20, offset: 40 });
    const all = await list<PersonList>('/person/persons?limit=50&offset=0');
    const next = await list<PersonList>('/person/persons?limit=50&offset=50');
    expect(page3.Items).toEqual(all.Items.slice(40).concat(next.Items.slice(0, 10)));
    const last = await list<PersonList>(`/person/persons?limit=50&offset=${n - 3}`);
    expect(last.Items).toHaveLength(3);
  });

  it('sorts by each column, both ways, with the id as tie-break', async () => {
    const byName = (await list<PersonList>('/person/persons?limit=50&sort=name')).Items;
    // Case-insensitive order (the lower-cased name), then id.
    const key = (p: { displayName: string; id: string }) => [p.displayName.toLowerCase(), p.id] as const;
    const sorted = [...byName].sort((a, b) => (key(a)[0] < key(b)[0] ? -1 : key(a)[0] > key(b)[0] ? 1 : key(a)[1] < key(b)[1] ? -1 : 1));
    expect(byName).toEqual(sorted);
    const desc = (await list<PersonList>('/person/persons?limit=50&sort=name&order=desc')).Items;
    expect(desc[0]!.displayName.toLowerCase() >= desc[49]!.displayName.toLowerCase()).toBe(true);
    const byUser = (await list<PersonList>('/person/persons?limit=20&sort=user&order=desc')).Items;
    expect(byUser.slice(0, 12).every((p) => p.userRecord)).toBe(true);
    const byPractitioner = (await list<PersonList>('/person/persons?limit=10&sort=practitioner&order=desc')).Items;
    expect(byPractitioner.every((p) => p.practitionerRecord)).toBe(true);
    const byRole = (await list<PersonList>('/person/persons?limit=50&sort=orgRole')).Items;
    expect(byRole.map((p) => p.orgRole)).toEqual(byRole.map((p) => p.orgRole).sort());
    const byId = (await list<PersonList>('/person/persons?limit=50&sort=id&order=desc')).Items.map((p) => p.id);
    expect(byId).toEqual([...byId].sort().reverse());

    const usersByPrincipal = (await list<UserList>('/person/users?limit=50&sort=principalId')).Items.map((u) => u.principalId);
    expect(usersByPrincipal).toEqual([...usersByPrincipal].sort());
    const bySpecialty = (await list<PractitionerList>('/person/practitioners?limit=50&sort=specialty')).items.map((p) => p.specialty ?? '\uffff');
    expect(bySpecialty).toEqual([...bySpecialty].sort());
  });

  it('filters case-insensitively by name or by id prefix, and the total follows the filter', async () => {
    const lopez = await list<PersonList>('/person/persons?q=mARIA%20lOPEZ');
    expect(lopez.total).toBe(1);
    expect(lopez.Items[0]).toMatchObject({ id: seedId('person:manager'), displayName: 'Maria Lopez', userRecord: true });
    const target = seedId('person:riverside:123');
    const byId = await list<PersonList>(`/person/persons?q=${target.slice(0, 13)}`);
    expect(byId.Items.map((p) => p.id)).toContain(target);
    expect((await list<PersonList>('/person/persons?q=%25')).total).toBe(0);
    const users = await list<UserList>('/person/users?q=VICTOR');
    expect(users.Items.map((u) => u.name)).toEqual(['Victor Chen']);
    const byEmail = await list<UserList>('/person/users?q=manager@astera');
    expect(byEmail.total).toBe(1);
  });
});

describe('lists at scale', () => {
  it('keeps the unfiltered total exact in the database (person_counts), whoever writes', async () => {
    const counted = async () => {
      const result = await h.db.execute<{ account_id: string; persons: number; actual: number }>(
        sql`select c.account_id, c.persons::int, (select count(*)::int from persons p where p.account_id = c.account_id) as actual from person_counts c`,
      );
      return result.rows;
    };
    for (const row of await counted()) expect(row.persons).toBe(row.actual);
    const [victim] = await h.db.select({ id: persons.id }).from(persons).where(eq(persons.id, seedId('person:riverside:299')));
    await h.db.delete(persons).where(eq(persons.id, victim!.id));
    for (const row of await counted()) expect(row.persons).toBe(row.actual);
    const listed = (await (await h.call('manager', '/person/persons')).json()) as PersonList;
    expect(listed.total).toBe((await counted()).find((r) => r.account_id === h.accounts.riverside.id)!.actual);
  });

  it('reads a page in the second half from the other end, with the same rows', async () => {
    const all = (
      await h.db.execute<{ id: string }>(
        sql`select id from persons where account_id = ${h.accounts.riverside.id} order by org_role desc, search_name desc, id desc`,
      )
    ).rows.map((r) => r.id);
    for (const offset of [all.length - 50, all.length - 7, Math.ceil(all.length / 2) + 1, all.length]) {
      const page = (await (await h.call('manager', `/person/persons?limit=50&offset=${offset}&sort=orgRole&order=desc`)).json()) as PersonList;
      expect(page.Items.map((p) => p.id)).toEqual(all.slice(offset, offset + 50));
    }
  });

  it('stops counting a filtered list at the bound and says the total is estimated', async () => {
    await insertManyPersons(h.db, h.accounts.astera.id, 1500);
    const many = (await (await h.call('admin', '/person/persons?q=a&limit=50&page=3')).json()) as PersonList;
    expect(many).toMatchObject({ total: filteredTotalBound, totalEstimated: true, offset: 100 });
    expect(many.Items).toHaveLength(50);
    expect(many.Items.every((p) => p.displayName.toLowerCase().includes('a'))).toBe(true);
    const few = (await (await h.call('admin', '/person/persons?q=zzq')).json()) as PersonList;
    expect(few).toEqual({ Items: [], total: 0, limit: 10, offset: 0 });
    const whole = (await (await h.call('admin', '/person/persons')).json()) as PersonList;
    expect(whole.total).toBeGreaterThan(1500);
    expect(whole).not.toHaveProperty('totalEstimated');
  });
});

describe('search providers', () => {
  it('finds a misspelt name, best first', async () => {
    const hits = await personSearch.search(h.db, h.accounts.riverside.id, 'Marai Lopes', 5);
    expect(hits[0]).toMatchObject({ type: 'person', id: seedId('person:manager'), title: 'Maria Lopez', path: `/practice/persons/${seedId('person:manager')}` });
    expect(hits[0]!.score).toBeGreaterThan(0.3);
    expect(await personSearch.search(h.db, h.accounts.astera.id, 'Marai Lopes', 5)).not.toContainEqual(expect.objectContaining({ id: seedId('person:manager') }));
    const short = await personSearch.search(h.db, h.accounts.riverside.id, 'Ma', 5);
    expect(short.length).toBeGreaterThan(0);
    expect(short.every((hit) => /(^| )ma/i.test(hit.title))).toBe(true);
  });

  it('finds users by name or email and practitioners by name, and records by id', async () => {
    const byEmail = await userSearch.search(h.db, h.accounts.riverside.id, 'viewer@astera', 5);
    expect(byEmail[0]).toMatchObject({ id: seedId('person:viewer'), matched: 'viewer@astera.test', path: `/practice/users/${seedId('person:viewer')}` });
    expect((await userSearch.search(h.db, h.accounts.riverside.id, 'Viktor Chen', 5))[0]?.id).toBe(seedId('person:viewer'));
    const [practitioner] = await h.db.select().from(practitioners).where(eq(practitioners.accountId, h.accounts.lakeside.id)).limit(1);
    const misspelt = practitioner!.name.replace(/^(\w)(\w)(\w)/, '$1$3$2');
    const hits = await practitionerSearch.search(h.db, h.accounts.lakeside.id, misspelt, 5);
    expect(hits.map((hit) => hit.id)).toContain(practitioner!.personId);
    expect(await practitionerSearch.byId!(h.db, h.accounts.lakeside.id, practitioner!.personId)).toMatchObject({ path: `/practice/practitioners/${practitioner!.personId}` });
    expect(await practitionerSearch.byId!(h.db, h.accounts.riverside.id, practitioner!.personId)).toBeNull();
    expect(await personSearch.byId!(h.db, h.accounts.riverside.id, seedId('person:manager'))).toMatchObject({ title: 'Maria Lopez' });
  });
});

describe('demo seed', () => {
  it('gives every account its persons, practitioners and users, deterministically', async () => {
    for (const account of Object.values(h.accounts)) {
      const count = async (table: string) =>
        (await h.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where account_id = ${account.id}`)).rows[0]!.n;
      expect(await count('persons')).toBeGreaterThanOrEqual(demoPeople.persons);
      expect(await count('practitioners')).toBeGreaterThanOrEqual(demoPeople.practitioners);
      expect(await count('users')).toBeGreaterThanOrEqual(demoPeople.users);
    }
    const [first] = await h.db.select().from(persons).where(eq(persons.id, seedId('person:astera:0')));
    const flagged = await h.db.select({ n: count() }).from(persons).where(and(eq(persons.accountId, h.accounts.astera.id), eq(persons.practitionerRecord, true)));
    expect(first?.practitionerRecord).toBe(true);
    expect(flagged[0]!.n).toBe(demoPeople.practitioners);
  });
});
