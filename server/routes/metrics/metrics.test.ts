import { readFile } from 'node:fs/promises';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HistoricMetrics, RealtimeMetrics } from '../../../domain/metrics.ts';
import { messages } from '../../../domain/messages.ts';
import { interactionMessages } from '../../../domain/interaction-messages.ts';
import { createApi } from '../../app.ts';
import { fakeContactCenter } from '../../integrations/contact-center/fake.ts';
import { ContactCenterError, type ContactCenter, type ContactCenterAccount } from '../../integrations/contact-center/port.ts';
import { isAllowed, type Resource } from '../../../domain/permissions.ts';
import { roles, users } from '../../db/schema/index.ts';
import { roleId, seedId } from '../../seed/seed.ts';
import { fileHarness, type DemoUser } from '../../test/harness.ts';
import { errorOf } from '../../test/record-api.ts';

const h = fileHarness();

type Call = { start: string; status: string; direction?: string; queue?: string | null; wait?: number | null; handle?: number | null; disposition?: string | null; end?: string | null; deleted?: boolean };

/** Stores calls of an account as the contact-center ingestion would (the trigger keeps the figures). */
async function store(accountId: string, calls: Call[]) {
  for (const c of calls) {
    await h.db.execute(sql`insert into interactions (account_id, created_by, modified_by, start_timestamp, end_timestamp, direction, status, queue_id, wait_seconds, handle_seconds, latest_disposition, deleted_at)
      values (${accountId}, 'test', 'test', ${c.start}, ${c.end === undefined ? c.start : c.end}, ${c.direction ?? 'inbound'}, ${c.status}, ${c.queue === undefined ? 'q-front' : c.queue},
        ${c.wait ?? null}, ${c.handle ?? null}, ${c.disposition ?? null}, ${c.deleted ? new Date().toISOString() : null})`);
  }
}

const historic = async (query: string, user: DemoUser = 'viewer') => {
  const res = await h.call(user, `/metrics/historic?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as HistoricMetrics;
};

// Days long before any seeded call, so that the figures are these calls' alone.
const window = 'from=2025-01-10&to=2025-01-13';

beforeAll(async () => {
  const riverside = h.accounts.riverside.id;
  await h.db.execute(sql`insert into queues (account_id, queue_id, queue_arn, queue_name, created_by, modified_by)
    values (${riverside}, 'q-front', 'arn:aws:connect:us-east-1:123456789012:instance/x/queue/q-front', 'Front desk', 'test', 'test'),
           (${riverside}, 'q-billing', 'arn:aws:connect:us-east-1:123456789012:instance/x/queue/q-billing', 'Billing', 'test', 'test')
    on conflict do nothing`);
  await store(riverside, [
    // 2025-01-10: front desk, 3 inbound (2 answered, 1 within 20 s) and 1 abandoned; 1 outbound.
    { start: '2025-01-10T09:00:00Z', status: 'completed', wait: 10, handle: 300, disposition: 'Scheduled' },
    { start: '2025-01-10T09:10:00Z', status: 'follow-up', wait: 40, handle: 100, disposition: 'Refill' },
    { start: '2025-01-10T09:20:00Z', status: 'abandoned', wait: 70 },
    { start: '2025-01-10T23:59:59Z', status: 'completed', direction: 'outbound', queue: null, wait: 0, handle: 60, disposition: 'Scheduled' },
    // 2025-01-12: billing, 2 inbound answered within the threshold, 1 callback abandoned.
    { start: '2025-01-12T00:00:00Z', status: 'completed', queue: 'q-billing', wait: 20, handle: 200, disposition: 'Billing question' },
    { start: '2025-01-12T10:00:00Z', status: 'completed', queue: 'q-billing', wait: 5, handle: 400, disposition: 'Scheduled' },
    { start: '2025-01-12T11:00:00Z', status: 'abandoned', queue: 'q-billing', direction: 'callback', wait: 30 },
    // Not counted: still going, deleted, or outside the window.
    { start: '2025-01-11T10:00:00Z', status: 'active', end: null, wait: 3 },
    { start: '2025-01-11T11:00:00Z', status: 'completed', wait: 3, handle: 50, deleted: true },
    { start: '2025-01-09T23:59:59Z', status: 'completed', wait: 1, handle: 10 },
    { start: '2025-01-14T00:00:00Z', status: 'completed', wait: 1, handle: 10 },
  ]);
  // Another account's calls on the same days.
  await store(h.accounts.lakeside.id, [{ start: '2025-01-10T12:00:00Z', status: 'completed', wait: 1, handle: 999, disposition: 'Lakeside only' }]);
});

describe('GET /metrics/historic', () => {
  it('answers the known figures: per day by direction, averages, abandoned, dispositions, per-queue service level and totals', async () => {
    const body = await historic(window);
    expect(body).toMatchObject({ from: '2025-01-10', to: '2025-01-13', direction: null, serviceLevelSeconds: 20 });
    expect(body.days.map((d) => d.date)).toEqual(['2025-01-10', '2025-01-11', '2025-01-12', '2025-01-13']);
    const [d10, d11, d12, d13] = body.days;
    expect(d10).toMatchObject({ calls: 4, answered: 3, abandoned: 1, answeredInThreshold: 2, handleSeconds: 460, waitSeconds: 120, averageHandleSeconds: 153, averageWaitSeconds: 30, serviceLevel: 0.5 });
    expect(d10!.byDirection).toMatchObject({ inbound: 3, outbound: 1, callback: 0 });
    expect(d11).toMatchObject({ calls: 0, answered: 0, abandoned: 0, averageHandleSeconds: null, averageWaitSeconds: null, serviceLevel: null });
    expect(d12).toMatchObject({ calls: 3, answered: 2, abandoned: 1, answeredInThreshold: 2, averageHandleSeconds: 300, averageWaitSeconds: 18 });
    expect(d12!.byDirection).toMatchObject({ inbound: 2, callback: 1, outbound: 0 });
    expect(d13!.calls).toBe(0);
    expect(body.dispositions).toEqual([
      { name: 'Scheduled', count: 3 },
      { name: 'Billing question', count: 1 },
      { name: 'Refill', count: 1 },
    ]);
    // The outbound call reached no queue: in the totals, not among the queues.
    expect(body.queues).toEqual([
      expect.objectContaining({ queueId: 'q-billing', queueName: 'Billing', calls: 3, answered: 2, abandoned: 1, answeredInThreshold: 2, serviceLevel: 2 / 3 }),
      expect.objectContaining({ queueId: 'q-front', queueName: 'Front desk', calls: 3, answered: 2, abandoned: 1, answeredInThreshold: 1, serviceLevel: 1 / 3 }),
    ]);
    expect(body.totals).toMatchObject({ calls: 7, answered: 5, abandoned: 2, answeredInThreshold: 4, handleSeconds: 1060, waitSeconds: 175, averageHandleSeconds: 212, averageWaitSeconds: 25, serviceLevel: 4 / 7 });
  });

  it('filters by queue and by direction', async () => {
    const billing = await historic(`${window}&queueId=q-billing`);
    expect(billing.totals).toMatchObject({ calls: 3, abandoned: 1 });
    expect(billing.queues.map((q) => q.queueId)).toEqual(['q-billing']);
    expect(billing.dispositions).toEqual([
      { name: 'Billing question', count: 1 },
      { name: 'Scheduled', count: 1 },
    ]);
    const inbound = await historic(`${window}&direction=inbound`);
    expect(inbound.totals).toMatchObject({ calls: 5, abandoned: 1, answered: 4 });
    expect(inbound.days.every((d) => d.byDirection.outbound === 0 && d.byDirection.callback === 0)).toBe(true);
    const both = await historic(`${window}&direction=callback&queueId=q-billing`);
    expect(both.totals).toMatchObject({ calls: 1, abandoned: 1, answered: 0, serviceLevel: 0 });
    expect((await historic(`${window}&queueId=no-such-queue`)).totals.calls).toBe(0);
  });

  it('follows the calls as they change: a call ended, deleted or re-dispositioned moves the figures', async () => {
    const riverside = h.accounts.riverside.id;
    const before = (await historic('from=2025-02-01&to=2025-02-01')).totals;
    await store(riverside, [{ start: '2025-02-01T10:00:00Z', status: 'active', end: null, wait: 4 }]);
    expect((await historic('from=2025-02-01&to=2025-02-01')).totals.calls).toBe(before.calls);
    await h.db.execute(sql`update interactions set status = 'completed', end_timestamp = start_timestamp + interval '3 minutes', handle_seconds = 180, latest_disposition = 'Scheduled'
      where account_id = ${riverside} and start_timestamp = '2025-02-01T10:00:00Z'`);
    const ended = await historic('from=2025-02-01&to=2025-02-01');
    expect(ended.totals).toMatchObject({ calls: before.calls + 1, answered: before.answered + 1, answeredInThreshold: before.answeredInThreshold + 1 });
    expect(ended.dispositions).toEqual([{ name: 'Scheduled', count: 1 }]);
    await h.db.execute(sql`update interactions set deleted_at = now() where account_id = ${riverside} and start_timestamp = '2025-02-01T10:00:00Z'`);
    const gone = await historic('from=2025-02-01&to=2025-02-01');
    expect(gone.totals.calls).toBe(before.calls);
    expect(gone.dispositions).toEqual([]);
  });

  it('without dates answers the last 30 days, today included, every day present', async () => {
    const body = await historic('');
    const today = new Date().toISOString().slice(0, 10);
    expect(body.to).toBe(today);
    expect(body.days).toHaveLength(30);
    expect(body.days.at(-1)!.date).toBe(today);
    expect((await historic('from=2025-01-01')).to).toBe('2025-01-30');
    expect((await historic('to=2025-01-30')).from).toBe('2025-01-01');
  });

  it('takes an ISO 8601 date and time as well as a date (issue 44): the figures are per UTC day, so it stands for its day', async () => {
    const body = await historic(`from=${encodeURIComponent('2025-01-01T10:30:00Z')}&to=${encodeURIComponent('2025-01-10T23:00:00-05:00')}`);
    expect(body.from).toBe('2025-01-01');
    expect(body.to).toBe('2025-01-11');
    expect(body.days).toHaveLength(11);
  });

  it('refuses bad parameters with a 400 naming each (reversed or longer than 366 days, bad date, direction, queue)', async () => {
    const bad = async (query: string) => {
      const res = await h.call('viewer', `/metrics/historic?${query}`);
      expect(res.status).toBe(400);
      return errorOf(res);
    };
    expect((await bad('from=2025-01-10&to=2025-01-09')).fields).toEqual({ to: interactionMessages.metricsRangeReversed });
    expect((await bad('from=2024-01-01&to=2025-01-01')).fields).toEqual({ to: interactionMessages.metricsRangeTooLong });
    expect((await historic('from=2024-01-02&to=2025-01-01')).days).toHaveLength(366);
    expect((await bad('from=2025-02-30')).fields).toEqual({ from: messages.dateOrDateTimeInvalid });
    expect((await bad('to=yesterday')).fields).toEqual({ to: messages.dateOrDateTimeInvalid });
    expect(Object.keys((await bad('direction=sideways')).fields ?? {})).toEqual(['direction']);
    expect(Object.keys((await bad('queueId=..%2Fetc')).fields ?? {})).toEqual(['queueId']);
  });

  it("answers only the request's account: another account's calls are not counted; the administrator acting there sees them", async () => {
    const riverside = await historic(window);
    expect(riverside.dispositions.map((d) => d.name)).not.toContain('Lakeside only');
    const lakeside = await historic(`${window}&accountId=${h.accounts.lakeside.id}`, 'admin');
    expect(lakeside.totals).toMatchObject({ calls: 1, handleSeconds: 999 });
    expect(lakeside.dispositions).toEqual([{ name: 'Lakeside only', count: 1 }]);
    expect((await h.call('viewer', `/metrics/historic?${window}&accountId=${h.accounts.lakeside.id}`)).status).toBe(403);
  });

  it('the Practice Administrator (who runs the call center) and Read Only read it; a role without the metrics (Scheduler) is refused (403)', async () => {
    expect((await historic(window, 'viewer')).totals.calls).toBe(7);
    expect((await historic(window, 'manager')).totals.calls).toBe(7);
    expect((await h.call('manager', '/metrics/realtime')).status).toBe(200);
    const riverside = h.accounts.riverside.id;
    const [user] = await h.db.select({ personId: users.personId, principalId: users.principalId, roleId: users.roleId }).from(users).where(and(eq(users.accountId, riverside), eq(users.active, true), eq(users.instanceAdmin, false), notInArray(users.personId, [seedId('person:manager'), seedId('person:viewer')]))).limit(1);
    await h.db.update(users).set({ roleId: roleId('riverside', 'Scheduler') }).where(eq(users.personId, user!.personId));
    try {
      for (const path of [`/metrics/historic?${window}`, '/metrics/realtime']) {
        const res = await h.call('viewer', path, { token: await h.token(user!.principalId!) });
        expect(res.status, path).toBe(403);
      }
    } finally {
      await h.db.update(users).set({ roleId: user!.roleId }).where(eq(users.personId, user!.personId));
    }
  });

  it("migration 0031 grants the metrics to existing accounts' Practice Administrator roles that read calls, and to no other role", async () => {
    const lakeside = (name: string) => roleId('lakeside', name);
    const without = sql`resources - '/metrics/historic' - '/metrics/realtime'`;
    await h.db.update(roles).set({ resources: without }).where(inArray(roles.id, [lakeside('Practice Administrator'), lakeside('Scheduler'), lakeside('Call-center agent')]));
    const migration = await readFile(new URL('../../db/migrations/0032_practice_admin_insights.sql', import.meta.url), 'utf8');
    await h.db.execute(sql.raw(migration));
    const grants = async (name: string) => {
      const [role] = await h.db.select({ resources: roles.resources }).from(roles).where(eq(roles.id, lakeside(name)));
      return ['/metrics/historic', '/metrics/realtime'].map((resource) => isAllowed(role!.resources, resource as Resource, 'GET'));
    };
    expect(await grants('Practice Administrator')).toEqual([true, true]);
    expect(await grants('Scheduler')).toEqual([false, false]);
    expect(await grants('Call-center agent')).toEqual([false, false]);
  });
});

describe('GET /metrics/realtime', () => {
  const figures = (a: ContactCenterAccount, ids: string[]) =>
    ids.filter((id) => id !== 'q-billing').map((id, i) => ({ queueId: id, queueName: `CC ${id}`, callsWaiting: i + 2, agentsOnCall: 3, agentsAvailable: 1, oldestWaitSeconds: a.id === h.accounts.riverside.id ? 42 : 7 }));
  const apiWith = (contactCenter: Partial<ContactCenter>, asked?: string[][]) =>
    createApi({
      ...h.deps,
      contactCenter: fakeContactCenter({
        kind: 'test',
        ...contactCenter,
        ...(contactCenter.realtimeMetrics && {
          realtimeMetrics: (a: ContactCenterAccount, ids: string[]) => (asked?.push(ids), contactCenter.realtimeMetrics!(a, ids)),
        }),
      }),
    });
  const get = async (api: ReturnType<typeof createApi>, path: string, user: DemoUser = 'viewer') =>
    api.request(path, { headers: { Authorization: `Bearer ${await h.token(user)}` } });

  it("answers the contact center's figures per queue of the account, in the portal's names; a queue it did not mention reads idle", async () => {
    const asked: string[][] = [];
    const api = apiWith({ realtimeMetrics: async (a, ids) => figures(a, ids) }, asked);
    const res = await get(api, '/metrics/realtime');
    expect(res.status).toBe(200);
    const body = (await res.json()) as RealtimeMetrics;
    expect(new Date(body.asOf).getTime()).not.toBeNaN();
    expect(asked[0]).toEqual(expect.arrayContaining(['q-front', 'q-billing']));
    const front = body.queues.find((q) => q.queueId === 'q-front');
    expect(front).toEqual({ queueId: 'q-front', queueName: 'Front desk', callsWaiting: expect.any(Number), agentsOnCall: 3, agentsAvailable: 1, oldestWaitSeconds: 42 });
    expect(body.queues.find((q) => q.queueId === 'q-billing')).toEqual({ queueId: 'q-billing', queueName: 'Billing', callsWaiting: 0, agentsOnCall: 0, agentsAvailable: 0, oldestWaitSeconds: 0 });
    const names = body.queues.map((q) => q.queueName);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
  });

  it('asks only about the queue named, and only about queues of the account', async () => {
    const asked: string[][] = [];
    const api = apiWith({ realtimeMetrics: async (a, ids) => figures(a, ids) }, asked);
    const one = (await (await get(api, '/metrics/realtime?queueId=q-front')).json()) as RealtimeMetrics;
    expect(one.queues.map((q) => q.queueId)).toEqual(['q-front']);
    expect(asked).toEqual([['q-front']]);
    // Lakeside has no queue 'q-front' of its own: nothing to ask, nothing answered.
    const other = (await (await get(api, `/metrics/realtime?queueId=q-front&accountId=${h.accounts.lakeside.id}`, 'admin')).json()) as RealtimeMetrics;
    expect(other.queues).toEqual([]);
    expect(asked).toHaveLength(1);
    expect((await get(api, `/metrics/realtime?accountId=${h.accounts.lakeside.id}`)).status).toBe(403);
  });

  it("a contact center that fails is a 502 with the portal's message, never the vendor's", async () => {
    const api = apiWith({
      realtimeMetrics: async () => {
        throw new ContactCenterError('unavailable', { cause: new Error('secret vendor detail') });
      },
    });
    const res = await get(api, '/metrics/realtime');
    expect(res.status).toBe(502);
    const text = await res.text();
    expect(text).toContain(interactionMessages.realtimeUnavailable);
    expect(text).not.toContain('secret vendor detail');
    const without = await get(apiWith({}), '/metrics/realtime');
    expect(without.status).toBe(502);
  });

  it('Read Only reads it; bad parameters are 400', async () => {
    const api = apiWith({ realtimeMetrics: async (a, ids) => figures(a, ids) });
    expect((await get(api, '/metrics/realtime', 'viewer')).status).toBe(200);
    expect((await get(api, '/metrics/realtime?queueId=%3Cb%3E')).status).toBe(400);
  });
});
