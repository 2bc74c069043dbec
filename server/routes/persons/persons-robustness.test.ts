import { and, count, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../domain/messages.ts';
import { personCreateSchema, type PersonList } from '../../../domain/persons.ts';
import { insertManyPersonsAudited } from '../../seed/demo-persons.ts';
import { auditLog, persons, users } from '../../db/schema/index.ts';
import { seedId } from '../../seed/seed.ts';
import { roleSearch } from '../../search/core-providers.ts';
import { personSearch, practitionerSearch, userSearch } from '../../search/providers.ts';
import { createHarness, type DemoUser, type Harness } from '../../test/harness.ts';

/**
 * Bad input, concurrency and tenancy edges of the /person API (persons, and their users and
 * practitioners): each answered with the right status (never a 500) and nothing half-written.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const send = (user: DemoUser, method: string, path: string, json?: unknown) => h.call(user, path, { method, json });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
const name = (first: string, family: string) => ({ use: 'official', family, given: [first] });
const auditRows = async () => (await h.db.select({ n: count() }).from(auditLog))[0]!.n;

async function createPerson(user: DemoUser, body: Record<string, unknown>, path = '/person/persons') {
  const res = await send(user, 'POST', path, body);
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
}

describe('list paging far beyond the end', () => {
  it.each(['/person/persons', '/person/users', '/person/practitioners'])('%s degrades an offset or page PostgreSQL cannot take to the first page', async (path) => {
    for (const query of ['offset=100000000000000000000', 'offset=1e19', 'page=1e300', 'page=9007199254740993']) {
      const res = await h.call('manager', `${path}?${query}`);
      expect(res.status, query).toBe(200);
      expect(await res.json(), query).toMatchObject({ offset: 0 });
    }
    // A far but sane offset is honoured: an empty page.
    const far = await h.call('manager', `${path}?offset=2000000000`);
    expect(await far.json()).toMatchObject({ offset: 2_000_000_000, total: expect.any(Number) });
  });
});

describe('text PostgreSQL cannot store', () => {
  it('a filter with a NUL character is ignored, not a 500', async () => {
    for (const path of ['/person/persons?q=a%00b', '/person/users?q=%00', '/person/practitioners?q=%00x']) {
      const res = await h.call('manager', path);
      expect(res.status, path).toBe(200);
    }
  });

  it.each([
    ['a NUL in a family name', { name: [{ use: 'official', family: 'A\u0000b', given: ['Ann'] }] }, 'name.0.family'],
    ['a NUL in a middle name', { name: [{ use: 'official', family: 'Lee', given: ['Ann', 'B\u0000'] }] }, 'name.0.given.1'],
    ['a NUL in the organization role', { name: [name('Ann', 'Lee')], orgRole: 'Nurse\u0000' }, 'orgRole'],
    ['a lone surrogate in a first name', { name: [{ use: 'official', family: 'Lee', given: ['\ud800'] }] }, 'name.0.given.0'],
  ])('refuses %s (400 naming the field), writing nothing', async (_, body, field) => {
    const before = await auditRows();
    const res = await send('manager', 'POST', '/person/persons', body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.[field]).toBe(messages.textInvalid);
    expect(await auditRows()).toBe(before);
  });

  it('refuses such text in user and practitioner fields too', async () => {
    const { id } = await createPerson('manager', { name: [name('Nul', 'Byte')] });
    const user = await send('manager', 'POST', `/person/users/${id}`, { email: 'nul@riverside.test', principalId: 'p\u0000' });
    expect(user.status).toBe(400);
    expect((await errorOf(user)).fields?.principalId).toBe(messages.textInvalid);
    const practitioner = await send('manager', 'POST', `/person/practitioners/${id}`, { synonyms: ['Dr\u0000'], specialty: 'x\u0000' });
    expect(practitioner.status).toBe(400);
    expect((await errorOf(practitioner)).fields).toMatchObject({ 'synonyms.0': messages.textInvalid, specialty: messages.textInvalid });
  });

  it('keeps well-formed text outside the Basic Multilingual Plane', () => {
    const parsed = v.parse(personCreateSchema, { name: [name('Zoë 😀', 'Müller')] });
    expect(parsed.name[0]!.text).toBe('Zoë 😀 Müller');
  });
});

describe('name periods', () => {
  it('refuses a date that does not exist', async () => {
    const res = await send('manager', 'POST', '/person/persons', { name: [{ ...name('Feb', 'Thirty'), period: { start: '2020-02-31' } }] });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.['name.0.period.start']).toBe(messages.dateInvalid);
    const leap = await send('manager', 'POST', '/person/persons', { name: [{ ...name('Leap', 'Day'), period: { start: '2020-02-29' } }] });
    expect(leap.status).toBe(201);
  });
});

describe('concurrent writes', () => {
  it('of the same version: exactly one wins, the others get 409 and write nothing', async () => {
    const { id } = await createPerson('manager', { name: [name('Race', 'Condition')] });
    const before = await auditRows();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => send('manager', 'PATCH', `/person/persons/${id}`, { version: 1, orgRole: `Role ${i}` })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const [row] = await h.db.select().from(persons).where(eq(persons.id, id));
    expect(row?.version).toBe(2);
    expect(await auditRows()).toBe(before + 1);
  });

  it('claiming the same principalId for different persons: one 201, the others 409 (not 500)', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => createPerson('manager', { name: [name(`Twin${i}`, 'Principal')] })));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const results = await Promise.all(
        ids.map(({ id }, i) => send('manager', 'POST', `/person/users/${id}`, { email: `twin${i}@riverside.test`, principalId: 'auth0|twin' })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      for (const res of results.filter((r) => r.status === 409)) {
        expect((await errorOf(res)).fields?.principalId).toBe(messages.principalIdTaken);
      }
    } finally {
      quiet.mockRestore();
    }
    expect(await h.db.select().from(users).where(eq(users.principalId, 'auth0|twin'))).toHaveLength(1);
  });
});

describe('search providers take LIKE wildcards literally', () => {
  it.each([
    ['roles', roleSearch],
    ['persons', personSearch],
    ['users', userSearch],
    ['practitioners', practitionerSearch],
  ] as const)('%s: a query of LIKE wildcards matches nothing', async (_, provider) => {
    for (const q of ['%', '%%%', '___', '\\']) {
      expect(await provider.search(h.db, h.accounts.riverside.id, q, 5), q).toEqual([]);
    }
  });
});

describe('bulk seeding', () => {
  it('writes the persons and their audit row in one transaction', async () => {
    const account = h.accounts.lakeside.id;
    const total = async () => (await h.db.select({ n: count() }).from(persons).where(eq(persons.accountId, account)))[0]!.n;
    const before = await total();
    await h.db.execute(sql`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);
    await h.db.execute(sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`);
    try {
      await expect(insertManyPersonsAudited(h.db, account, 20)).rejects.toThrow();
    } finally {
      await h.db.execute(sql`drop trigger refuse_audit on audit_log`);
      await h.db.execute(sql`drop function refuse_audit()`);
    }
    expect(await total()).toBe(before);

    await insertManyPersonsAudited(h.db, account, 20);
    expect(await total()).toBe(before + 20);
    const listed = (await (await h.call('manager', `/person/persons?accountId=${account}`)).json()) as PersonList;
    expect(listed.total).toBe(before + 20);
    const [audit] = await h.db.select().from(auditLog).where(and(eq(auditLog.accountId, account), eq(auditLog.actorId, 'seed-cli')));
    expect(audit?.after).toEqual({ bulkPersons: 20 });
  });
});

describe('unknown ids', () => {
  it.each(['/person/persons', '/person/users', '/person/practitioners'])('%s/{id} answers 404 for an id that is not one, or names nothing', async (path) => {
    for (const id of ['not-an-id', '00000000-0000-0000-0000-00000000000g', seedId('person:nobody'), '%27%3B--']) {
      expect((await h.call('manager', `${path}/${id}`)).status, id).toBe(404);
    }
  });
});

describe('validation errors', () => {
  it.each([
    ['POST', '/person/persons', { name: [{ ...name('Ann', 'Lee'), period: '<secret-period>' }] }, 'name.0.period', 'Period must be an object'],
    ['POST', '/person/persons', { name: [name('Ann', 'Lee')], communication: [{ code: 'cy', preferred: '<secret-flag>' }] }, 'communication.0.preferred', 'Preferred must be true or false'],
    ['POST', '/person/persons', { name: [name('Ann', 'Lee')], makePractitioner: '<secret-yes>' }, 'makePractitioner', 'Make practitioner must be true or false'],
    ['PATCH', `/person/practitioners/${seedId('person:riverside:0')}`, { version: 1, photo: '<secret-photo>' }, 'photo', 'Photo must be null'],
    ['PATCH', `/person/practitioners/${seedId('person:riverside:0')}`, { version: 1, synonyms: '<secret-synonyms>' }, 'synonyms', 'Synonyms must be a list'],
    ['PATCH', `/person/users/${seedId('person:riverside:30')}`, { version: 1, active: '<secret-active>' }, 'active', 'Active must be true or false'],
  ])('%s %s: a value of the wrong type is named by its field and what it expects, never quoted back', async (method, path, body, field, expected) => {
    const res = await send('manager', method, path, body);
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).not.toContain('secret');
    expect((JSON.parse(text) as { error: { fields: Record<string, string> } }).error.fields[field]).toBe(expected);
  });
});
