import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../domain/messages.ts';
import type { Queue, QueueList } from '../../../domain/queues.ts';
import { createApi } from '../../app.ts';
import { demoQueueSettings } from '../../seed/demo-queues.ts';
import { auditLog, queues } from '../../db/schema/index.ts';
import { ContactCenterError, type ContactCenter, type ContactCenterAccount } from '../../integrations/contact-center/port.ts';
import { fakeContactCenter } from '../../integrations/contact-center/fake.ts';
import { keptLaterQueues } from '../../integrations/contact-center/simulator.ts';
import { fileHarness, type DemoUser } from '../../test/harness.ts';
import { type ErrorBody, errorOf } from '../../test/record-api.ts';

const h = fileHarness();

const list = async (query = '', user: DemoUser = 'manager') => {
  const res = await h.call(user, `/callcenter/queues?limit=50${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as QueueList;
};
const get = async (id: string, user: DemoUser = 'manager', query = '') => {
  const res = await h.call(user, `/callcenter/queues/${id}${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Queue;
};
const patch = (id: string, json: unknown, user: DemoUser = 'manager', query = '') => h.call(user, `/callcenter/queues/${id}${query}`, { method: 'PATCH', json });
const lakeside = () => `&accountId=${h.accounts.lakeside.id}`;

describe('seed', () => {
  it('gives every demo account its contact center queues, the first two with greetings and dispositions', async () => {
    for (const account of Object.values(h.accounts)) {
      const rows = await h.db.select().from(queues).where(eq(queues.accountId, account.id)).orderBy(queues.queueName);
      expect(rows.map((r) => r.queueName)).toContain('BasicQueue');
      expect(rows.length).toBe(6);
      expect(rows[0]!.dispositions).toEqual(demoQueueSettings[0].dispositions);
      expect(rows[0]!.agentGreetings.inbound).toContain('{{agentName}}');
      expect(rows[1]!.dispositions).toEqual(demoQueueSettings[1].dispositions);
      for (const row of rows) expect(row.queueArn).toMatch(new RegExp(`^arn:aws:connect:[a-z0-9-]+:\\d{12}:instance/[0-9a-f-]{36}/queue/${row.queueId}$`));
    }
  });
});

describe('GET /callcenter/queues', () => {
  it('answers the stored queues of the account (items, total), without calling the contact center', async () => {
    const calls: string[] = [];
    const api = createApi({ ...h.deps, contactCenter: fakeContactCenter({ kind: 'test', listQueues: async (a: ContactCenterAccount) => (calls.push(a.id), []) }) });
    const res = await api.request('/callcenter/queues?limit=50', { headers: { Authorization: `Bearer ${await h.token('manager')}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as QueueList;
    expect(body.total).toBe(6);
    expect(body.items[0]).toMatchObject({ resourceType: 'Queue', id: expect.any(String), agentGreetings: expect.any(Object), queueName: expect.any(String), queueArn: expect.stringContaining('/queue/'), dispositions: expect.any(Array) });
    expect(body.changes).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('sorts by name and filters by name', async () => {
    const all = await list();
    const names = all.items.map((q) => q.queueName);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const basic = await list('&q=basicq');
    expect(basic.items.map((q) => q.queueName)).toEqual(['BasicQueue']);
  });

  it('refresh=1 syncs from the contact center: adds new queues, marks vanished ones removed, keeps the settings', async () => {
    const before = await list(lakeside());
    const configured = before.items.find((q) => q.dispositions.length > 0)!;
    const added: string[] = [];
    const removed: string[] = [];
    // The simulator changes one step per listing: a few refreshes add queues, then remove the oldest added.
    for (let i = 0; i < keptLaterQueues + 1; i++) {
      const refreshed = await list(`&refresh=1${lakeside()}`);
      expect(refreshed.changes).toBeDefined();
      added.push(...refreshed.changes!.added);
      removed.push(...refreshed.changes!.removed);
    }
    expect(added.length).toBe(keptLaterQueues + 1);
    expect(removed).toEqual([added[0]]);
    const after = await list(lakeside());
    const names = after.items.map((q) => q.queueName);
    expect(names).toEqual(expect.arrayContaining(added.slice(1)));
    expect(names).not.toContain(removed[0]);
    expect(after.total).toBe(before.total + keptLaterQueues);
    // The portal's settings of a queue still in the contact center survive the sync.
    expect((await get(configured.id, 'manager', `?accountId=${h.accounts.lakeside.id}`)).dispositions).toEqual(configured.dispositions);
    // The removed queue keeps its row, marked removed, and its page still answers.
    const [gone] = await h.db.select().from(queues).where(and(eq(queues.accountId, h.accounts.lakeside.id), eq(queues.queueName, removed[0]!)));
    expect(gone!.removedAt).not.toBeNull();
    expect((await get(gone!.queueId, 'manager', `?accountId=${h.accounts.lakeside.id}`)).removedAt).not.toBeNull();
    // A refresh that changed something is audited.
    const [entry] = await h.db.select().from(auditLog).where(and(eq(auditLog.accountId, h.accounts.lakeside.id), eq(auditLog.resourceType, 'Queue'), eq(auditLog.action, 'refresh'))).orderBy(desc(auditLog.id)).limit(1);
    expect(entry!.after).toMatchObject({ removed });
  });

  it('a queue the contact center lists again comes back with its settings, and a renamed one takes the new name', async () => {
    const riverside = await list();
    const [first, second] = riverside.items;
    let listed = riverside.items.map(({ id, queueName, queueArn }) => ({ queueId: id, queueName, queueArn }));
    const api = createApi({ ...h.deps, contactCenter: fakeContactCenter({ kind: 'test', listQueues: async () => listed }) });
    const refresh = async () => {
      const res = await api.request('/callcenter/queues?refresh=1&limit=50', { headers: { Authorization: `Bearer ${await h.token('manager')}` } });
      expect(res.status).toBe(200);
      return (await res.json()) as QueueList;
    };
    listed = listed.filter((q) => q.queueId !== first!.id).map((q) => (q.queueId === second!.id ? { ...q, queueName: `${q.queueName} (renamed)` } : q));
    expect((await refresh()).changes).toEqual({ added: [], removed: [first!.queueName] });
    listed = [...listed, { queueId: first!.id, queueName: first!.queueName, queueArn: first!.queueArn }];
    const back = await refresh();
    expect(back.changes).toEqual({ added: [first!.queueName], removed: [] });
    expect(back.items.find((q) => q.id === first!.id)!.dispositions).toEqual(first!.dispositions);
    expect(back.items.find((q) => q.id === second!.id)!.queueName).toBe(`${second!.queueName} (renamed)`);
    expect((await refresh()).changes).toEqual({ added: [], removed: [] });
  });

  it('the first listing of an account without queues syncs by itself', async () => {
    await h.db.delete(queues).where(eq(queues.accountId, h.accounts.astera.id));
    const res = await h.call('admin', '/callcenter/queues?limit=50');
    const body = (await res.json()) as QueueList;
    expect(body.total).toBeGreaterThan(0);
    expect(body.changes!.added.length).toBe(body.total);
  });

  it('a contact center that fails answers 502 with our message and an error id, logged once without its details', async () => {
    const secret = 'AccessDeniedException: User arn:aws:iam::123456789012:user/x is not authorized';
    for (const [reason, code, message] of [
      ['unavailable', 'contact_center_unavailable', messages.contactCenterUnavailable],
      ['not_configured', 'contact_center_not_configured', messages.contactCenterNotConfigured],
      ['role_not_assumed', 'contact_center_role_not_assumed', messages.contactCenterRoleNotAssumed],
    ] as const) {
      const cause = Object.assign(new Error(secret), { name: 'AccessDeniedException', $metadata: { httpStatusCode: 403, requestId: 'req-1' } });
      const failing: ContactCenter = fakeContactCenter({ kind: 'test', listQueues: () => Promise.reject(new ContactCenterError(reason, { cause })) });
      const api = createApi({ ...h.deps, contactCenter: failing });
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const res = await api.request('/callcenter/queues?refresh=1', { headers: { Authorization: `Bearer ${await h.token('manager')}` } });
        expect(res.status).toBe(502);
        const text = await res.text();
        const body = JSON.parse(text) as { error: { id: string } };
        expect(body).toEqual({ error: { code, message, id: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
        expect(text).not.toContain('123456789012');
        const lines = [...warn.mock.calls, ...error.mock.calls].map((args) => args.join(' '));
        const logged = lines.filter((line) => line.includes(body.error.id));
        expect(logged).toHaveLength(1);
        expect(logged[0]).toContain('"vendorError":"AccessDeniedException"');
        expect(logged[0]).toContain('"status":403');
        expect(logged[0]).toContain(`"reason":"${reason}"`);
        for (const line of lines) expect(line).not.toContain('123456789012');
      } finally {
        warn.mockRestore();
        error.mockRestore();
      }
    }
  });

  it('is scoped to the account: another account only by the accountId the caller may use', async () => {
    const riverside = await list();
    const lakesideList = await list(lakeside());
    expect(riverside.items.map((q) => q.id)).not.toEqual(expect.arrayContaining([lakesideList.items[0]!.id]));
    expect((await h.call('manager', `/callcenter/queues/${riverside.items[0]!.id}?accountId=${h.accounts.lakeside.id}`)).status).toBe(404);
    expect((await h.call('viewer', `/callcenter/queues?accountId=${h.accounts.astera.id}`)).status).toBe(403);
    expect((await h.call('manager', '/callcenter/queues/not%20an%20id')).status).toBe(404);
  });
});

describe('PATCH /callcenter/queues/{queueId}', () => {
  const target = async () => (await list()).items.find((q) => q.queueName.startsWith('BasicQueue'))!;

  it('saves greetings, image path and dispositions; the GET answers them; the version moves; audited', async () => {
    const queue = await get((await target()).id);
    const body = {
      version: queue.version,
      agentGreetingImageLocationPath: ' https://assets.test/a.png ',
      agentGreetings: { inbound: 'Hello, this is {{agentName}}', outbound: '', callback: 'Returning your call' },
      dispositions: ['Booked', 'No answer'],
    };
    const res = await patch(queue.id, body);
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = await get(queue.id);
    expect(saved).toMatchObject({
      version: queue.version + 1,
      agentGreetingImageLocationPath: 'https://assets.test/a.png',
      agentGreetings: { inbound: 'Hello, this is {{agentName}}', outbound: null, callback: 'Returning your call' },
      dispositions: ['Booked', 'No answer'],
      modifiedBy: 'Maria Lopez',
    });
    // A greeting not sent keeps its value.
    expect((await patch(queue.id, { version: saved.version, agentGreetings: { outbound: 'Hi' } })).status).toBe(200);
    expect((await get(queue.id)).agentGreetings).toEqual({ inbound: 'Hello, this is {{agentName}}', outbound: 'Hi', callback: 'Returning your call' });
    const audits = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceType, 'Queue'), eq(auditLog.resourceId, queue.id))).orderBy(auditLog.id);
    expect(audits.at(-2)).toMatchObject({ action: 'update', before: { dispositions: queue.dispositions }, after: { dispositions: ['Booked', 'No answer'] } });
  });

  it('a stale version is refused with 409 and changes nothing', async () => {
    const queue = await get((await target()).id);
    expect((await patch(queue.id, { version: queue.version, dispositions: ['First'] })).status).toBe(200);
    const res = await patch(queue.id, { version: queue.version, dispositions: ['Second'] });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(messages.conflict);
    expect((await get(queue.id)).dispositions).toEqual(['First']);
  });

  it('validates: each bad field named with its message, nothing echoed, nothing saved', async () => {
    const queue = await get((await target()).id);
    const cases: [unknown, string, string][] = [
      [{ dispositions: ['ok', ''] }, 'dispositions.1', messages.dispositionRequired],
      [{ dispositions: ['Same', 'same'] }, 'dispositions', messages.dispositionDuplicate],
      [{ dispositions: Array.from({ length: 51 }, (_, i) => `d${i}`) }, 'dispositions', messages.tooManyDispositions],
      [{ dispositions: ['x'.repeat(101)] }, 'dispositions.0', messages.dispositionTooLong],
      [{ agentGreetings: { inbound: 'y'.repeat(1001) } }, 'agentGreetings.inbound', messages.greetingTooLong],
      [{ agentGreetingImageLocationPath: 'z'.repeat(1001) }, 'agentGreetingImageLocationPath', messages.imagePathTooLong],
    ];
    for (const [change, field, message] of cases) {
      const res = await patch(queue.id, { version: queue.version, ...(change as object) });
      expect(res.status, field).toBe(400);
      const text = await res.text();
      expect((JSON.parse(text) as ErrorBody).error.fields?.[field], field).toBe(message);
      expect(text).not.toContain('zzzzzzzzzz');
    }
    // A version, when sent, is a whole number (issue 44: it may be left out).
    expect((await patch(queue.id, { version: 'one', dispositions: [] })).status).toBe(400);
    expect((await get(queue.id)).version).toBe(queue.version);
  });

  it('Read Only may read a queue but not change it (403); another account is 404', async () => {
    const queue = await get((await target()).id, 'viewer');
    const res = await patch(queue.id, { version: queue.version, dispositions: ['Nope'] }, 'viewer');
    expect(res.status).toBe(403);
    expect((await get(queue.id)).dispositions).not.toContain('Nope');
    const other = (await list(lakeside())).items[0]!;
    expect((await patch(other.id, { version: 1, dispositions: ['x'] })).status).toBe(404);
  });
});
