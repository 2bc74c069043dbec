import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApiKeyCreated } from '../../../domain/api-keys.ts';
import type { AccessLogPage } from '../../../domain/audit.ts';
import { AccessLog } from '../../access-log.ts';
import { roleId, seedId } from '../../seed/seed.ts';
import { accessLog } from '../../db/schema/index.ts';
import { fileHarness, type DemoUser } from '../../test/harness.ts';

const h = fileHarness();

const flush = () => h.deps.accessLog!.flush();
const readsOf = (resourceId: string) => h.db.select().from(accessLog).where(eq(accessLog.resourceId, resourceId));
const views = async (user: DemoUser, query = '') => {
  const res = await h.call(user, `/audit/views?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AccessLogPage;
};

async function newPerson(family: string) {
  const res = await h.call('manager', '/person/persons', { method: 'POST', json: { name: [{ use: 'official', given: ['Read'], family }], communication: [], makePractitioner: true } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('reads of patient data are recorded (access log)', () => {
  it('a person read leaves a row once the batch is written: who, which record, when, as a user', async () => {
    const id = await newPerson('Viewed');
    await flush();
    expect(await readsOf(id)).toEqual([]);
    expect((await h.call('manager', `/person/persons/${id}`)).status).toBe(200);
    // Not written on the request's path: buffered until the flush.
    expect(await readsOf(id)).toEqual([]);
    await flush();
    const [row] = await readsOf(id);
    expect(row).toMatchObject({ accountId: h.accounts.riverside.id, actorId: seedId('person:manager'), credential: 'user', action: 'view', resourceType: 'Person', resourceId: id });
    expect(Math.abs(row!.at.getTime() - Date.now())).toBeLessThan(10 * 60_000);
  });

  it('lists and searches record each record they answered with; practitioners and users too', async () => {
    const id = await newPerson('Listedperson');
    expect((await h.call('manager', '/person/persons?q=Listedperson')).status).toBe(200);
    expect((await h.call('manager', '/search?q=Listedperson')).status).toBe(200);
    expect((await h.call('manager', `/person/practitioners/${id}`)).status).toBe(200);
    expect((await h.call('manager', '/person/practitioners?q=Listedperson')).status).toBe(200);
    const manager = seedId('person:manager');
    expect((await h.call('manager', `/person/users/${manager}`)).status).toBe(200);
    await flush();
    const kinds = (await readsOf(id)).map((row) => `${row.resourceType}:${row.action}`).sort();
    // The list and the search each found the person; the search and the list of practitioners the practitioner.
    expect(kinds).toEqual(['Person:list', 'Person:list', 'Practitioner:list', 'Practitioner:list', 'Practitioner:view']);
    expect((await readsOf(manager)).some((row) => row.resourceType === 'User' && row.action === 'view')).toBe(true);
    // A read that fails (no such record) records nothing.
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await h.call('manager', `/person/persons/${missing}`)).status).toBe(404);
    await flush();
    expect(await readsOf(missing)).toEqual([]);
  });

  it('an API key is recorded as the key', async () => {
    const id = await newPerson('Keyread');
    const res = await h.call('admin', `/permissions/apikeys?accountId=${h.accounts.riverside.id}`, { method: 'POST', json: { name: 'Access log reader', roleId: roleId('riverside', 'Read Only') } });
    expect(res.status).toBe(201);
    const key = (await res.json()) as ApiKeyCreated;
    expect((await h.api.request(`/person/persons/${id}`, { headers: { Authorization: `Bearer ${key.secret}` } })).status).toBe(200);
    await flush();
    expect(await readsOf(id)).toEqual([expect.objectContaining({ actorId: key.id, actorName: 'API key “Access log reader”', credential: 'api-key', action: 'view' })]);
  });

  it('administrators read them in the System log ("Viewed"); Read Only may not', async () => {
    const id = await newPerson('Shownread');
    expect((await h.call('viewer', `/person/persons/${id}`)).status).toBe(200);
    await flush();
    const page = await views('manager', 'resourceType=Person&action=view&limit=100');
    const item = page.items.find((i) => i.resourceId === id)!;
    expect(item).toMatchObject({ actorName: expect.any(String), credential: 'user', action: 'view', resourceType: 'Person', title: 'Read Shownread', accountId: h.accounts.riverside.id });
    expect(item.summary).toMatch(/ viewed person “Read Shownread”$/);
    expect((await views('admin', `account=${h.accounts.riverside.id}&limit=100`)).items.some((i) => i.resourceId === id)).toBe(true);
    // Who read this patient: one record's reads.
    expect((await views('manager', `resourceId=${id}`)).items.map((i) => `${i.resourceType}:${i.action}`)).toEqual(['Person:view']);
    expect((await h.call('manager', '/audit/views?resourceId=nope')).status).toBe(400);
    // Read Only reads persons and the system log of changes, but not who read what.
    expect((await h.call('viewer', '/audit/views')).status).toBe(403);
    // Another account's reads are not shown to Riverside's practice administrator.
    await h.db.insert(accessLog).values({ accountId: h.accounts.astera.id, at: new Date(), actorId: 'x', actorName: 'Elsewhere', credential: 'user', action: 'view', resourceType: 'Person', resourceId: id });
    expect((await views('manager', 'limit=100')).items.some((i) => i.actorName === 'Elsewhere')).toBe(false);
    expect((await views('admin', 'limit=100')).items.some((i) => i.actorName === 'Elsewhere')).toBe(true);
  });

  it("a System log entry whose before/after is a person's record is a read of it (issue 40): opened, a view; in a page of the log or the home's recent changes, listed", async () => {
    const id = await newPerson('Loggedread');
    await flush();
    const page = (await (await h.call('manager', '/audit/entries?resourceType=Person&limit=100')).json()) as { items: { id: string; resourceId: string }[] };
    const entry = page.items.find((i) => i.resourceId === id)!;
    expect((await h.call('manager', `/audit/recent?limit=100`)).status).toBe(200);
    await flush();
    // The person is a practitioner too: the log's practitioner entry of it is a practitioner read.
    const personReads = async () => (await readsOf(id)).filter((r) => r.resourceType === 'Person').map((r) => r.action).sort();
    expect(await personReads()).toEqual(['list', 'list']);
    expect((await h.call('manager', `/audit/entries/${entry.id}`)).status).toBe(200);
    await flush();
    expect(await personReads()).toEqual(['list', 'list', 'view']);
  });

  it("survey responses, which carry the patient's external id and phone number, are recorded when listed and when opened (issue 40)", async () => {
    const campaign = seedId('campaign:riverside:0');
    const listed = await h.call('manager', `/surveys/campaigns/${campaign}/surveys?limit=10`);
    expect(listed.status).toBe(200);
    const response = ((await listed.json()) as { items: { id: string }[] }).items[0]!.id;
    expect((await h.call('manager', `/surveys/campaigns/${campaign}/surveys/${response}`)).status).toBe(200);
    await flush();
    expect((await readsOf(response)).map((r) => `${r.resourceType}:${r.action}`).sort()).toEqual(['SurveyResponse:list', 'SurveyResponse:view']);
    expect((await views('manager', `resourceType=SurveyResponse&resourceId=${response}`)).items.length).toBeGreaterThanOrEqual(2);
  });

  it('pages newest first by cursor', async () => {
    const id = await newPerson('Pagedread');
    for (let i = 0; i < 5; i++) expect((await h.call('manager', `/person/persons/${id}`)).status).toBe(200);
    await flush();
    const all = (await views('manager', `resourceType=Person&limit=100`)).items.filter((i) => i.resourceId === id).map((i) => i.id);
    expect(all).toHaveLength(5);
    const first = await views('manager', 'resourceType=Person&limit=2');
    const second = await views('manager', `resourceType=Person&limit=2&before=${first.older}`);
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual(all.slice(0, 4));
    expect((await views('manager', `resourceType=Person&limit=2&after=${second.newer}`)).items.map((i) => i.id)).toEqual(first.items.map((i) => i.id));
  });
});

describe('the batcher', () => {
  it('keeps rows the database refused and writes them on the next flush; says so without patient data', async () => {
    const lines: string[] = [];
    let refuse = true;
    const db = new Proxy(h.db, {
      get: (target, name, receiver) =>
        name === 'insert' && refuse ? () => ({ values: () => Promise.reject(Object.assign(new Error('down'), { code: '57P01' })) }) : Reflect.get(target, name, receiver),
    });
    const log = new AccessLog(db, { warn: (line) => lines.push(line) });
    const resourceId = '11111111-1111-4111-8111-111111111111';
    log.record([{ accountId: h.accounts.riverside.id, at: new Date(), actorId: 'a', actorName: 'Secret Name', credential: 'user', action: 'view', resourceType: 'Person', resourceId }]);
    await log.flush();
    expect(log.pending).toBe(1);
    expect(lines).toEqual(['access log: writing 1 rows failed (57P01); kept for the next try']);
    refuse = false;
    await log.close();
    expect(log.pending).toBe(0);
    expect(await h.db.select().from(accessLog).where(and(eq(accessLog.resourceId, resourceId), eq(accessLog.actorName, 'Secret Name')))).toHaveLength(1);
  });

  it('drops the oldest rows past its bound (a database down for long), and writes the rest', async () => {
    const log = new AccessLog(h.db, { maxBuffered: 2, warn: () => undefined });
    const row = (n: number) => ({ accountId: h.accounts.riverside.id, at: new Date(), actorId: 'b', actorName: `Bounded ${n}`, credential: 'user' as const, action: 'list' as const, resourceType: 'Person', resourceId: '22222222-2222-4222-8222-222222222222' });
    log.record([row(1), row(2), row(3)]);
    expect(log.pending).toBe(2);
    await log.close();
    const written = await h.db.select({ name: accessLog.actorName }).from(accessLog).where(eq(accessLog.actorId, 'b'));
    expect(written.map((r) => r.name).sort()).toEqual(['Bounded 2', 'Bounded 3']);
  });
});
