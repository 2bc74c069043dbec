import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redacted, type AuditLogDetail, type AuditLogFacets, type AuditLogPage } from '../../../domain/audit.ts';
import { auditLog } from '../../db/schema/index.ts';
import { createHarness, type DemoUser, type Harness } from '../../test/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const page = async (user: DemoUser, query: string) => {
  const res = await h.call(user, `/audit/entries?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AuditLogPage;
};

type Entry = typeof auditLog.$inferInsert;
// The kinds of record these tests invent (FilterThing…) are no catalogue record, so only instance
// administrators see their entries (server/routes/audit/visibility.ts): such tests read as one,
// in Riverside (`inRiverside`); a practice administrator's view is tested with real kinds.
const inRiverside = () => `account=${h.accounts.riverside.id}`;
const entry = (values: Partial<Entry> & Pick<Entry, 'resourceType'>): Entry => ({
  accountId: h.accounts.riverside.id,
  actorId: 'tester',
  actorName: 'Tester',
  action: 'update',
  resourceId: null,
  after: {},
  ...values,
});

describe('GET /audit/entries', () => {
  it('lists every write of the account newest first, sign-outs included, each with its account', async () => {
    const created = await h.call('manager', '/issues', { method: 'POST', json: { name: 'Audit listed issue', category: 'Other' } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await h.call('manager', '/auth/logout', { method: 'POST' })).status).toBeLessThan(300);
    const { items } = await page('manager', 'limit=50');
    expect(items[0]!.resourceType).toBe('Session');
    const issue = items.find((item) => item.resourceId === id)!;
    expect(issue).toMatchObject({ action: 'create', resourceType: 'Issue', title: 'Audit listed issue', accountId: h.accounts.riverside.id, accountName: h.accounts.riverside.name });
    const order = items.map((item) => [item.at, Number(item.id)] as const);
    expect(order).toEqual([...order].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : b[0].localeCompare(a[0]))));
  });

  it('filters by who, kind of record, action and date range', async () => {
    const at = (day: string) => new Date(`${day}T12:00:00Z`);
    await h.db.insert(auditLog).values([
      entry({ resourceType: 'FilterThing', action: 'create', actorId: 'alice', actorName: 'Alice', at: at('2020-01-01') }),
      entry({ resourceType: 'FilterThing', action: 'update', actorId: 'bob', actorName: 'Bob', at: at('2020-01-02') }),
      entry({ resourceType: 'FilterThing', action: 'delete', actorId: 'alice', actorName: 'Alice', at: at('2020-01-03') }),
      entry({ resourceType: 'OtherThing', action: 'update', actorId: 'alice', actorName: 'Alice', at: at('2020-01-02') }),
    ]);
    const kinds = (p: AuditLogPage) => p.items.map((item) => `${item.resourceType}:${item.action}:${item.actorName}`);
    expect(kinds(await page('admin', `${inRiverside()}&resourceType=FilterThing`))).toEqual(['FilterThing:delete:Alice', 'FilterThing:update:Bob', 'FilterThing:create:Alice']);
    expect(kinds(await page('admin', `${inRiverside()}&resourceType=FilterThing&actor=alice`))).toEqual(['FilterThing:delete:Alice', 'FilterThing:create:Alice']);
    expect(kinds(await page('admin', `${inRiverside()}&resourceType=FilterThing&action=update`))).toEqual(['FilterThing:update:Bob']);
    // From is inclusive, to exclusive: the day of 2020-01-02, whatever the kind (same instant: the later entry first).
    expect(kinds(await page('admin', `${inRiverside()}&from=2020-01-02T00:00:00.000Z&to=2020-01-03T00:00:00.000Z`))).toEqual(['OtherThing:update:Alice', 'FilterThing:update:Bob']);
    expect(kinds(await page('admin', `${inRiverside()}&from=2020-01-02T12:00:00.000Z&to=2020-01-02T12:00:00.000Z`))).toEqual([]);
    // A day as well (issue 44): from its start, to including it, in UTC.
    expect(kinds(await page('admin', `${inRiverside()}&from=2020-01-02&to=2020-01-02`))).toEqual(['OtherThing:update:Alice', 'FilterThing:update:Bob']);
    expect((await h.call('admin', '/audit/entries?from=yesterday')).status).toBe(400);
    expect((await h.call('admin', '/audit/entries?resourceType=%27%3B%20drop')).status).toBe(400);
  });

  it('pages by cursor: entries written meanwhile neither repeat nor skip a row, also among entries of the same instant', async () => {
    const same = new Date('2021-06-01T08:00:00.123456Z');
    await h.db.insert(auditLog).values(Array.from({ length: 7 }, (_, i) => entry({ resourceType: 'PagedThing', after: { name: `Paged ${i}` }, at: i < 5 ? same : new Date(same.getTime() + i * 1000) })));
    const all = (await page('admin', `${inRiverside()}&resourceType=PagedThing&limit=100`)).items.map((item) => item.id);
    expect(all).toHaveLength(7);

    const first = await page('admin', `${inRiverside()}&resourceType=PagedThing&limit=3`);
    expect(first.newer).toBeNull();
    expect(first.older).not.toBeNull();
    // New entries arrive while the user reads the first page.
    await h.db.insert(auditLog).values([entry({ resourceType: 'PagedThing', after: { name: 'Late 1' } }), entry({ resourceType: 'PagedThing', after: { name: 'Late 2' } })]);
    const second = await page('admin', `${inRiverside()}&resourceType=PagedThing&limit=3&before=${first.older}`);
    const third = await page('admin', `${inRiverside()}&resourceType=PagedThing&limit=3&before=${second.older}`);
    expect(third.older).toBeNull();
    expect([...first.items, ...second.items, ...third.items].map((item) => item.id)).toEqual(all);

    // Back to newer: the page before the second is the first one, and the new entries are newer still.
    const back = await page('admin', `${inRiverside()}&resourceType=PagedThing&limit=3&after=${second.newer}`);
    expect(back.items.map((item) => item.id)).toEqual(first.items.map((item) => item.id));
    expect(back.newer).not.toBeNull();
    const newest = await page('admin', `${inRiverside()}&resourceType=PagedThing&limit=3&after=${back.newer}`);
    expect(newest.items.map((item) => item.title)).toEqual(['Late 2', 'Late 1']);
    expect(newest.newer).toBeNull();
  });

  it('never shows another account to a practice administrator, whatever they ask for', async () => {
    // Issues, which a practice administrator may read, in a window of their own.
    const at = new Date('2000-01-01T12:00:00Z');
    const tenant = 'resourceType=Issue&to=2000-01-02T00:00:00.000Z';
    await h.db.insert(auditLog).values([
      entry({ resourceType: 'Issue', accountId: h.accounts.astera.id, after: { name: 'Astera secret change' }, at }),
      entry({ resourceType: 'Issue', accountId: h.accounts.lakeside.id, after: { name: 'Lakeside change' }, at }),
      entry({ resourceType: 'Issue', after: { name: 'Riverside change' }, at }),
    ]);
    const own = await page('manager', tenant);
    expect(own.items.map((item) => item.title)).toEqual(['Riverside change']);
    expect((await page('manager', 'limit=100')).items.every((item) => item.accountId === h.accounts.riverside.id)).toBe(true);
    // The instance administrators' account filter does not widen a practice administrator's view.
    expect((await page('manager', `${tenant}&account=${h.accounts.astera.id}`)).items).toEqual([]);
    // An account they cannot act in is refused at the door.
    expect((await h.call('manager', `/audit/entries?accountId=${h.accounts.astera.id}`)).status).toBe(403);
    // Lakeside, which Riverside has assumed, shows Lakeside's only.
    const lakeside = await page('manager', `${tenant}&accountId=${h.accounts.lakeside.id}`);
    expect(lakeside.items.map((item) => item.title)).toEqual(['Lakeside change']);
    // Nor by an entry's id, nor as a cursor.
    const astera = (await page('admin', `${tenant}&account=${h.accounts.astera.id}`)).items[0]!;
    expect((await h.call('manager', `/audit/entries/${astera.id}`)).status).toBe(404);
    expect((await page('manager', `before=${astera.id}`)).items).toEqual([]);
    const facets = (await (await h.call('manager', '/audit/facets')).json()) as AuditLogFacets;
    expect(facets.accounts).toEqual([]);
  });

  it("shows an instance administrator every account's entries, and one account's on request", async () => {
    await h.db.insert(auditLog).values([
      entry({ resourceType: 'AdminThing', accountId: h.accounts.astera.id, after: { name: 'In Astera' } }),
      entry({ resourceType: 'AdminThing', accountId: h.accounts.lakeside.id, after: { name: 'In Lakeside' } }),
      entry({ resourceType: 'AdminThing', after: { name: 'In Riverside' } }),
    ]);
    const all = await page('admin', 'resourceType=AdminThing');
    expect(all.items.map((item) => item.accountName)).toEqual([h.accounts.riverside.name, h.accounts.lakeside.name, h.accounts.astera.name]);
    const one = await page('admin', `resourceType=AdminThing&account=${h.accounts.lakeside.id}`);
    expect(one.items.map((item) => item.title)).toEqual(['In Lakeside']);
    const facets = (await (await h.call('admin', '/audit/facets')).json()) as AuditLogFacets;
    expect(facets.accounts.map((a) => a.name)).toEqual(expect.arrayContaining([h.accounts.astera.name, h.accounts.riverside.name, h.accounts.lakeside.name]));
    expect(facets.resourceTypes).toContain('AdminThing');
  });

  it('facets list every kind of record and actor of the account, an actor under the name of their newest entry (kept by a trigger)', async () => {
    const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 0, minutes));
    await h.db.insert(auditLog).values([
      entry({ resourceType: 'FacetKind', actorId: 'facet-actor', actorName: 'Old Name', at: at(1) }),
      entry({ resourceType: 'FacetKind', actorId: 'facet-actor', actorName: 'New Name', at: at(3) }),
      // Written later but dated earlier (a slow transaction): not the newest name.
      entry({ resourceType: 'FacetKind', actorId: 'facet-actor', actorName: 'Stale Name', at: at(2) }),
      entry({ resourceType: 'LakesideOnlyKind', actorId: 'lakeside-actor', actorName: 'Lakeside Actor', accountId: h.accounts.lakeside.id }),
    ]);
    const riverside = (await (await h.call('admin', `/audit/facets?${inRiverside()}`)).json()) as AuditLogFacets;
    expect(riverside.resourceTypes).toContain('FacetKind');
    expect(riverside.resourceTypes).not.toContain('LakesideOnlyKind');
    expect(riverside.actors.filter((a) => a.id === 'facet-actor')).toEqual([{ id: 'facet-actor', name: 'New Name' }]);
    expect(riverside.actors.map((a) => a.id)).not.toContain('lakeside-actor');
    expect(riverside.resourceTypes).toEqual([...riverside.resourceTypes].sort());
    // The instance administrator: every account's, each actor once; one account's on request.
    const admin = (await (await h.call('admin', '/audit/facets')).json()) as AuditLogFacets;
    expect(admin.resourceTypes).toEqual(expect.arrayContaining(['FacetKind', 'LakesideOnlyKind']));
    expect(admin.actors.filter((a) => a.id === 'facet-actor')).toEqual([{ id: 'facet-actor', name: 'New Name' }]);
    // One statement whose newest entry keeps the name while an older one renames: the newest wins.
    await h.db.insert(auditLog).values([
      entry({ resourceType: 'FacetKind', actorId: 'facet-actor', actorName: 'Older Rename', at: at(4) }),
      entry({ resourceType: 'FacetKind', actorId: 'facet-actor', actorName: 'New Name', at: at(5) }),
    ]);
    const again = (await (await h.call('admin', `/audit/facets?${inRiverside()}`)).json()) as AuditLogFacets;
    expect(again.actors.filter((a) => a.id === 'facet-actor')).toEqual([{ id: 'facet-actor', name: 'New Name' }]);
    const lakeside = (await (await h.call('admin', `/audit/facets?account=${h.accounts.lakeside.id}`)).json()) as AuditLogFacets;
    expect(lakeside.resourceTypes).toContain('LakesideOnlyKind');
    expect(lakeside.resourceTypes).not.toContain('FacetKind');
    // Exact: the same answer as the log itself.
    const [{ kinds }] = (await h.db.execute<{ kinds: string[] }>(sql`select array_agg(distinct resource_type order by resource_type) as kinds from audit_log where account_id = ${h.accounts.riverside.id}`)).rows as [{ kinds: string[] }];
    expect(riverside.resourceTypes).toEqual(kinds);
  });

  it('is read through the system log grant: Read Only reads it', async () => {
    expect((await page('viewer', 'limit=5')).items.length).toBeGreaterThan(0);
    expect((await h.call('viewer', '/audit/facets')).status).toBe(200);
  });
});

describe('GET /audit/facets', () => {
  it("offers the account's record kinds and who wrote, under their latest name", async () => {
    await h.db.insert(auditLog).values([
      entry({ resourceType: 'FacetThing', actorId: 'facet-actor', actorName: 'Old Name', at: new Date('2022-01-01T00:00:00Z') }),
      entry({ resourceType: 'FacetThing', actorId: 'facet-actor', actorName: 'New Name', at: new Date('2022-02-01T00:00:00Z') }),
      entry({ resourceType: 'LakesideOnlyThing', accountId: h.accounts.lakeside.id, actorId: 'lakeside-actor', actorName: 'Lakeside Actor' }),
    ]);
    const facets = (await (await h.call('admin', `/audit/facets?${inRiverside()}`)).json()) as AuditLogFacets;
    expect(facets.resourceTypes).toEqual(expect.arrayContaining(['FacetThing', 'Issue', 'Session']));
    expect(facets.resourceTypes).not.toContain('LakesideOnlyThing');
    expect(facets.resourceTypes).toEqual([...facets.resourceTypes].sort());
    expect(facets.actors).toContainEqual({ id: 'facet-actor', name: 'New Name' });
    expect(facets.actors.some((a) => a.id === 'lakeside-actor')).toBe(false);
  });
});

describe('GET /audit/entries/{id}', () => {
  it('gives the record before and after the change, with the changed fields', async () => {
    const created = await h.call('manager', '/issues', { method: 'POST', json: { name: 'Before name', category: 'Other' } });
    const { id } = (await created.json()) as { id: string };
    const patched = await h.call('manager', `/issues/${id}`, { method: 'PATCH', json: { name: 'After name', version: 1 } });
    expect(patched.status, await patched.clone().text()).toBe(200);
    const update = (await page('manager', 'resourceType=Issue&action=update')).items.find((item) => item.resourceId === id)!;
    const res = await h.call('manager', `/audit/entries/${update.id}`);
    expect(res.status).toBe(200);
    const detail = (await res.json()) as AuditLogDetail;
    expect(detail).toMatchObject({ id: update.id, action: 'update', resourceType: 'Issue', title: 'After name' });
    expect(detail.before).toMatchObject({ name: 'Before name' });
    expect(detail.after).toMatchObject({ name: 'After name' });
    expect(detail.changed).toContain('name');
    expect(detail.changed).not.toContain('category');
  });

  it('never shows secrets: hashes, passwords and tokens are hidden at any depth', async () => {
    await h.db.insert(auditLog).values(
      entry({
        resourceType: 'SecretThing',
        before: { name: 'Key', keyHash: 'abc123', active: true },
        after: { name: 'Key', keyHash: 'def456', active: false, nested: { password: 'hunter2', secretKey: 's3cr3t', note: 'visible' }, tokens: [{ refreshToken: 'r' }] },
      }),
    );
    const [listed] = (await page('admin', `${inRiverside()}&resourceType=SecretThing`)).items;
    const res = await h.call('admin', `/audit/entries/${listed!.id}`);
    const text = await res.clone().text();
    for (const secret of ['abc123', 'def456', 'hunter2', 's3cr3t']) expect(text).not.toContain(secret);
    const detail = (await res.json()) as AuditLogDetail;
    expect(detail.before).toEqual({ name: 'Key', keyHash: redacted, active: true });
    expect(detail.after).toMatchObject({ keyHash: redacted, nested: { password: redacted, secretKey: redacted, note: 'visible' }, tokens: redacted });
    // A changed secret still shows as changed, without its values.
    expect(detail.changed).toEqual(expect.arrayContaining(['keyHash', 'active', 'nested', 'tokens']));
  });

  it('answers 404 for an entry that is not there, and 400 for an id that is not one', async () => {
    expect((await h.call('manager', '/audit/entries/999999999')).status).toBe(404);
    expect((await h.call('manager', '/audit/entries/abc')).status).toBe(400);
  });
});
