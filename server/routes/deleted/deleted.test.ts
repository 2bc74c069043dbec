import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { deletedListQuerySchema, restorableResources, type DeletedEntry, type DeletedList } from '../../../domain/deleted.ts';
import type { SearchAnswer } from '../../../domain/search.ts';
import { searchProviders } from '../search/index.ts';
import type { ResourceGrants } from '../../../domain/permissions.ts';
import { roleId } from '../../seed/seed.ts';
import { roles, scheduleTasks, schedules } from '../../db/schema/index.ts';
import { live, type DeletedDescriptor } from '../../soft-delete.ts';
import { createHarness, type DemoUser, type Harness } from '../../test/harness.ts';
import { deletedRegistry } from './registry.ts';

/**
 * Generic over the registry: every registered type is deleted through its own API (the item path
 * is its restore path without `/restore`), listed here, and restored through its restore path.
 * Each type needs one record in Riverside: the demo seed's, else one made below.
 */
let h: Harness;
let managerName: string;
beforeAll(async () => {
  h = await createHarness();
  const policy = (await (await h.call('manager', '/permissions/accesspolicy')).json()) as { user: { name: string } };
  managerName = policy.user.name;
  // This branch's seed has no contact points yet: two for the tests.
  for (const value of ['(555) 700-0001', '(555) 700-0002']) {
    const res = await h.call('manager', '/contactpoints/contact-points', { method: 'POST', json: { name: `Seeded for deleted ${value}`, value, description: 'Deleted line' } });
    expect(res.status).toBe(201);
  }
  // Nor interactions (the contact center's seed adds them): a few calls.
  for (const minute of [1, 2, 3, 4, 5]) {
    const res = await h.call('manager', '/interactions/interactions', { method: 'POST', json: { startTimestamp: `2026-02-01T09:0${minute}:00Z`, patient: { name: `Deleted caller ${minute}` } } });
    expect(res.status).toBe(201);
  }
}, 120_000);
afterAll(() => h.close());

type LiveRecord = { id: string; name: string; refs: Record<string, string> };
const itemPath = (d: DeletedDescriptor, record: LiveRecord) => d.restorePath(record.id, record.refs).replace(/\/restore$/, '');
const restorePath = (d: DeletedDescriptor, record: LiveRecord) => d.restorePath(record.id, record.refs);
const list = async (user: DemoUser = 'manager', query = '') => {
  const res = await h.call(user, `/deleted${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as DeletedList).items;
};

/** Live records of the type in Riverside that would be listed once deleted, by id, name and the refs their paths need. */
async function liveRecords(d: DeletedDescriptor, accountId = h.accounts.riverside.id): Promise<LiveRecord[]> {
  const rows = await h.db
    .select({ id: d.table.id, name: d.nameColumn, ...d.refs })
    .from(d.table)
    .where(and(eq(d.table.accountId, accountId), live(d.table), d.listed?.(accountId, () => true)))
    .orderBy(d.table.id)
    .limit(5);
  return rows.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    refs: Object.fromEntries(Object.keys(d.refs ?? {}).map((ref) => [ref, String((r as Record<string, unknown>)[ref])])),
  }));
}

async function deleteOne(d: DeletedDescriptor, index = 0) {
  const record = (await liveRecords(d))[index];
  expect(record, `a ${d.resourceType} in Riverside to delete`).toBeDefined();
  const res = await h.call('manager', itemPath(d, record!), { method: 'DELETE' });
  expect(res.status, `DELETE ${itemPath(d, record!)}`).toBeLessThan(300);
  return record!;
}

it("the SPA's list of restorable resources is the registry's (it decides who is offered \"Recently deleted\")", () => {
  expect([...new Set(deletedRegistry().map((d) => d.resource))].sort()).toEqual([...restorableResources].sort());
});

/**
 * Types the palette finds by other means than their name: a task through its schedule, a tag finds its record (server/routes/tags/tags.test.ts),
 * an interaction by its patient or number (its name here is its time: the list never shows a patient).
 */
const notSearchedByName = new Set(['ScheduleTask', 'Tag', 'Interaction']);

describe.each(deletedRegistry().map((d) => [d.resourceType, d] as const))('%s in "Recently deleted"', (_, d) => {
  it('a DELETE through its API lists it at once (name, who, when, paths); its restore path restores it and it leaves the list', async () => {
    const before = Date.now();
    const record = await deleteOne(d);
    const entry = (await list()).find((e) => e.id === record.id);
    expect(entry).toEqual({
      resourceType: d.resourceType,
      id: record.id,
      name: record.name,
      deletedAt: expect.any(String),
      deletedBy: managerName,
      path: d.path(record.id, record.refs),
      restorePath: restorePath(d, record),
    } satisfies DeletedEntry);
    expect(Date.parse(entry!.deletedAt)).toBeGreaterThan(before - 60_000);
    expect((await h.call('manager', itemPath(d, record))).status).toBe(404);

    const restored = await h.call('manager', restorePath(d, record), { method: 'POST' });
    expect(restored.status, await restored.clone().text()).toBe(200);
    expect(((await restored.json()) as { id: string }).id).toBe(record.id);
    expect((await h.call('manager', itemPath(d, record))).status).toBe(200);
    expect((await list()).map((e) => e.id)).not.toContain(record.id);
  });

  it('leaves the palette search at once, by name and by pasted id, and comes back with a restore', async () => {
    const searchable = !notSearchedByName.has(d.resourceType) && searchProviders().some((p) => p.resource === d.resource || `${p.resource}/{id}` === d.resource);
    const record = (await liveRecords(d))[0]!;
    const found = async () => {
      const byName = (await (await h.call('manager', `/search?q=${encodeURIComponent(record.name)}&limit=50`)).json()) as SearchAnswer;
      const byId = (await (await h.call('manager', `/search?q=${record.id}`)).json()) as SearchAnswer;
      return { byName: byName.groups.some((g) => g.hits.some((hit) => hit.id === record.id)), byId: byId.exact?.id === record.id };
    };
    // Types with a search provider are found while live (else this test would prove nothing for them).
    if (searchable) expect((await found()).byName).toBe(true);
    const before = await found();
    await deleteOne(d);
    expect(await found()).toEqual({ byName: false, byId: false });
    expect((await h.call('manager', restorePath(d, record), { method: 'POST' })).status).toBe(200);
    expect(await found()).toEqual(before);
  });

  it('one deleted more than 30 days ago is not listed, and its restore is 404', async () => {
    const record = await deleteOne(d);
    await h.db.update(d.table).set({ deletedAt: sql`now() - interval '31 days'` }).where(eq(d.table.id, record.id));
    expect((await list()).map((e) => e.id)).not.toContain(record.id);
    expect((await h.call('manager', restorePath(d, record), { method: 'POST' })).status).toBe(404);
    // Put back for the other tests (the window is the only thing that hid it).
    await h.db.update(d.table).set({ deletedAt: null, deletedBy: null }).where(eq(d.table.id, record.id));
  });

  it('is listed only to roles that may DELETE its resource (and then only the types they may)', async () => {
    const record = await deleteOne(d);
    const readOnly = roleId('riverside', 'Read Only');
    const [role] = await h.db.select({ resources: roles.resources }).from(roles).where(eq(roles.id, readOnly));
    const grant = (resources: ResourceGrants) => h.db.update(roles).set({ resources }).where(eq(roles.id, readOnly));
    try {
      await grant({ ...role!.resources, '/person/persons/{id}': { GET: true, DELETE: true } });
      expect((await list('viewer')).map((e) => e.id)).not.toContain(record.id);
      // DELETE without GET: what was deleted is derived from the record, so it needs the record's read too.
      await grant({ ...role!.resources, [d.resource]: { DELETE: true } });
      expect((await list('viewer')).map((e) => e.id)).not.toContain(record.id);
      await grant({ ...role!.resources, [d.resource]: { GET: true, DELETE: true } });
      const items = await list('viewer');
      expect(items.map((e) => e.id)).toContain(record.id);
      // Only types of that resource (schedules and their tasks share one).
      const types = deletedRegistry().filter((x) => x.resource === d.resource).map((x) => x.resourceType);
      expect(items.every((e) => types.includes(e.resourceType))).toBe(true);
    } finally {
      await grant(role!.resources);
    }
    expect((await h.call('manager', restorePath(d, record), { method: 'POST' })).status).toBe(200);
  });

  it('a Read Only user sees none of it and cannot restore it (403); another account does not see it', async () => {
    const record = await deleteOne(d);
    expect((await list()).map((e) => e.id)).toContain(record.id);
    expect(await list('viewer')).toEqual([]);
    expect((await h.call('viewer', restorePath(d, record), { method: 'POST' })).status).toBe(403);
    expect((await list('manager', `?accountId=${h.accounts.lakeside.id}`)).map((e) => e.id)).not.toContain(record.id);
    expect((await h.call('manager', `${restorePath(d, record)}?accountId=${h.accounts.lakeside.id}`, { method: 'POST' })).status).toBe(404);
    expect((await h.call('manager', restorePath(d, record), { method: 'POST' })).status).toBe(200);
  });
});

describe('schedule tasks in "Recently deleted"', () => {
  it("a deleted task is listed (opening its schedule) while its schedule is live; a deleted schedule's tasks come back with it", async () => {
    const [task] = await h.db
      .select({ id: scheduleTasks.id, title: scheduleTasks.title, scheduleId: scheduleTasks.scheduleId })
      .from(scheduleTasks)
      .innerJoin(schedules, and(eq(schedules.id, scheduleTasks.scheduleId), live(schedules)))
      .where(and(eq(scheduleTasks.accountId, h.accounts.riverside.id), live(scheduleTasks), isNull(scheduleTasks.parentId)))
      .limit(1);
    expect(task, 'a seeded task in Riverside').toBeDefined();
    const taskPath = `/schedule/schedule/${task!.scheduleId}/task/${task!.id}`;
    expect((await h.call('manager', taskPath, { method: 'DELETE' })).status).toBe(204);
    expect((await list()).find((e) => e.id === task!.id)).toMatchObject({
      resourceType: 'ScheduleTask',
      name: task!.title,
      path: `/practice/schedules/${task!.scheduleId}`,
      restorePath: `${taskPath}/restore`,
    });

    expect((await h.call('manager', `/schedule/schedule/${task!.scheduleId}`, { method: 'DELETE' })).status).toBe(204);
    const whileScheduleDeleted = (await list()).map((e) => e.id);
    expect(whileScheduleDeleted).toContain(task!.scheduleId);
    expect(whileScheduleDeleted).not.toContain(task!.id);
    expect((await h.call('manager', `${taskPath}/restore`, { method: 'POST' })).status).toBe(404);

    expect((await h.call('manager', `/schedule/schedule/${task!.scheduleId}/restore`, { method: 'POST' })).status).toBe(200);
    expect((await list()).map((e) => e.id)).toContain(task!.id);
    expect((await h.call('manager', `${taskPath}/restore`, { method: 'POST' })).status).toBe(200);
    expect((await h.call('manager', taskPath)).status).toBe(200);
    expect((await list()).map((e) => e.id)).not.toContain(task!.id);
  });
});

describe('GET /deleted', () => {
  it('lists every type newest first, bounded by limit (at most 100)', async () => {
    const deleted: string[] = [];
    const restores = new Map<string, string>();
    // Tags last: a deleted tag is listed only while its record is live, and a later delete in this loop could take that record.
    const types = [...deletedRegistry()].sort((a, b) => Number(a.resourceType === 'Tag') - Number(b.resourceType === 'Tag'));
    for (const [i, d] of types.entries()) {
      for (const index of [0, 1]) {
        const record = await deleteOne(d);
        // Distinct, known times: the later in this loop, the newer.
        await h.db.update(d.table).set({ deletedAt: sql`now() - make_interval(secs => ${100 - i * 2 - index}::int)` }).where(eq(d.table.id, record.id));
        deleted.push(record.id);
        restores.set(record.id, restorePath(d, record));
      }
    }
    const items = await list('manager', '?limit=100');
    const ours = items.filter((e) => deleted.includes(e.id)).map((e) => e.id);
    expect(ours).toEqual([...deleted].reverse());
    const times = items.map((e) => Date.parse(e.deletedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(await list('manager', '?limit=1')).toHaveLength(1);
    expect((await list('manager', '?limit=1'))[0]).toEqual(items[0]);
    for (const id of deleted) expect((await h.call('manager', restores.get(id)!, { method: 'POST' })).status).toBe(200);
  });

  it('limit is at most 100; past it (or not a number) the default 50', () => {
    expect(v.parse(deletedListQuerySchema, { limit: '100' }).limit).toBe(100);
    expect(v.parse(deletedListQuerySchema, { limit: '101' }).limit).toBe(50);
    expect(v.parse(deletedListQuerySchema, { limit: 'all' }).limit).toBe(50);
    expect(v.parse(deletedListQuerySchema, {}).limit).toBe(50);
  });

  it('needs the access policy grant: no token is 401', async () => {
    expect((await h.call('manager', '/deleted', { token: null })).status).toBe(401);
  });
});
