import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, queues, scheduleTasks } from './db/schema/index.ts';
import { createApi } from './app.ts';
import type { Deps } from './env.ts';
import { seedId } from './seed/seed.ts';
import { createHarness, type Harness } from './test/harness.ts';

/**
 * Issue 24: an empty PATCH (a version and no field) changes nothing: no new version, no log
 * entry; it answers 200 with the record unchanged. So does one without a version (issue 44: it
 * applies to the current version, and asks nothing of it). Table-driven over every PATCH route of the
 * app: a new PATCH route of the usual shape (`/<list>/:id`, the list answering `items` with ids) is
 * tested on the first record of its list by itself; any other fails the last test until it is added
 * here (or said not to be versioned).
 */
let h: Harness;
let riverside: string;
let tagId: string;
let queueId: string;
let taskId: string;
let interactionId: string;
let workflowId: string;
let webhookId: string;
const schedule = () => seedId(`schedule:${riverside}:0`);

beforeAll(async () => {
  h = await createHarness();
  riverside = h.accounts.riverside.id;
  const tag = await h.call('admin', `/tag?accountId=${riverside}`, {
    method: 'POST',
    json: { key: 'empty-patch', value: 'yes', taggedResourceType: 'Practitioner', taggedResourceId: seedId('person:riverside:0') },
  });
  expect(tag.status, await tag.clone().text()).toBe(201);
  tagId = ((await tag.json()) as { id: string }).id;
  const [queue] = await h.db.select({ id: queues.queueId }).from(queues).where(eq(queues.accountId, riverside)).limit(1);
  queueId = queue!.id;
  const [task] = await h.db.select({ id: scheduleTasks.id }).from(scheduleTasks).where(eq(scheduleTasks.scheduleId, schedule())).limit(1);
  taskId = task!.id;
  const interaction = await h.call('admin', `/interactions/interactions?accountId=${riverside}`, { method: 'POST', json: { startTimestamp: '2026-01-05T10:00:00Z' } });
  expect(interaction.status, await interaction.clone().text()).toBe(201);
  interactionId = ((await interaction.json()) as { id: string }).id;
  const workflow = await h.call('admin', `/task-workflows/workflows?accountId=${riverside}`, {
    method: 'POST',
    json: { title: 'Empty patch', description: 'A workflow', tasks: [{ name: 'outboundCall' }] },
  });
  expect(workflow.status, await workflow.clone().text()).toBe(201);
  workflowId = ((await workflow.json()) as { id: string }).id;
  const webhook = await h.call('admin', `/webhooks/endpoints?accountId=${riverside}`, { method: 'POST', json: { url: 'https://hooks.example.com/astera', events: ['person.created'] } });
  expect(webhook.status, await webhook.clone().text()).toBe(201);
  webhookId = ((await webhook.json()) as { id: string }).id;
}, 120_000);
afterAll(() => h.close());

type Case = {
  /** The route as the app lists it. */
  route: string;
  /** Where the record is read and patched (the version is read from the first). */
  read: () => string;
  patch: () => string;
  /** Body fields besides `version` that only say which record (never a change). */
  body?: () => Record<string, unknown>;
};

const cases: Case[] = [
  { route: '/accounts/account', read: () => '/accounts/account', patch: () => '/accounts/account' },
  { route: '/permissions/apikeys/:id', read: () => `/permissions/apikeys/${seedId('apikey:riverside:reporting')}`, patch: () => `/permissions/apikeys/${seedId('apikey:riverside:reporting')}` },
  { route: '/permissions/roles/:id', read: () => `/permissions/roles/${seedId('role:riverside:Scheduler')}`, patch: () => `/permissions/roles/${seedId('role:riverside:Scheduler')}` },
  { route: '/permissions/policies/:id', read: () => `/permissions/policies/${seedId('role:riverside:Scheduler')}`, patch: () => `/permissions/policies/${seedId('role:riverside:Scheduler')}` },
  { route: '/person/persons/:id', read: () => `/person/persons/${seedId('person:riverside:1')}`, patch: () => `/person/persons/${seedId('person:riverside:1')}` },
  { route: '/person/users/:id', read: () => `/person/users/${seedId('person:viewer')}`, patch: () => `/person/users/${seedId('person:viewer')}` },
  { route: '/person/practitioners/:id', read: () => `/person/practitioners/${seedId('person:riverside:0')}`, patch: () => `/person/practitioners/${seedId('person:riverside:0')}` },
  { route: '/contactpoints/contact-points/:id', read: () => `/contactpoints/contact-points/${seedId('contact-point:riverside:0')}`, patch: () => `/contactpoints/contact-points/${seedId('contact-point:riverside:0')}` },
  { route: '/interactions/interactions/:id', read: () => `/interactions/interactions/${interactionId}`, patch: () => `/interactions/interactions/${interactionId}` },
  { route: '/issues/:id', read: () => `/issues/${seedId('issue:riverside:0')}`, patch: () => `/issues/${seedId('issue:riverside:0')}` },
  { route: '/insurances/:id', read: () => `/insurances/${seedId('insurance:riverside:0')}`, patch: () => `/insurances/${seedId('insurance:riverside:0')}` },
  { route: '/locations/locations/:id', read: () => `/locations/locations/${seedId('location:riverside:0')}`, patch: () => `/locations/locations/${seedId('location:riverside:0')}` },
  { route: '/schedule/schedule', read: () => `/schedule/schedule/${schedule()}`, patch: () => '/schedule/schedule', body: () => ({ id: schedule() }) },
  { route: '/schedule/schedule/:scheduleId/task/:id', read: () => `/schedule/schedule/${schedule()}/task/${taskId}`, patch: () => `/schedule/schedule/${schedule()}/task/${taskId}` },
  { route: '/tag/:id', read: () => `/tag/${tagId}`, patch: () => `/tag/${tagId}` },
  { route: '/callcenter/queues/:queueId', read: () => `/callcenter/queues/${queueId}`, patch: () => `/callcenter/queues/${queueId}` },
  { route: '/teams/teams/:id', read: () => `/teams/teams/${seedId('practice-team:riverside:0')}`, patch: () => `/teams/teams/${seedId('practice-team:riverside:0')}` },
  { route: '/task-workflows/workflows/:id', read: () => `/task-workflows/workflows/${workflowId}`, patch: () => `/task-workflows/workflows/${workflowId}` },
  { route: '/chat/settings', read: () => '/chat/settings', patch: () => '/chat/settings' },
  { route: '/webhooks/endpoints/:id', read: () => `/webhooks/endpoints/${webhookId}`, patch: () => `/webhooks/endpoints/${webhookId}` },
  { route: '/surveys/campaigns/:id', read: () => `/surveys/campaigns/${seedId('campaign:riverside:0')}`, patch: () => `/surveys/campaigns/${seedId('campaign:riverside:0')}` },
];

/** PATCH routes that edit no versioned record, and so take no empty update. */
const unversioned: Record<string, string> = {
  '/me/preferences': "the caller's own display settings: no version, no log entry",
  '/call_masking/sessions/:id': 'ending a masked call link: `ended: true` is required (an empty PATCH is 400)',
  '/telephony/settings': "the practice's telephony settings: no version; an empty PATCH changes nothing and logs nothing (routes/telephony/settings.test.ts)",
  '/chat/conversations/:id': 'ending a web chat: `ended: true` is required (an empty PATCH is 400)',
  '/notifications/notifications': '"Mark all read": `read` is required',
  '/notifications/notifications/:id': 'read or unread: `read` is required',
};

/** PATCH routes of the usual shape that no case above names: tested on the first record their list answers (ids found in `beforeAll`). */
const listed = [...new Set(createApi({} as Deps).routes.filter((r) => r.method === 'PATCH').map((r) => r.path))]
  .filter((route) => /^(\/[^:]+)\/:id$/.test(route) && !cases.some((c) => c.route === route) && !(route in unversioned));
const listedIds = new Map<string, string>();
beforeAll(async () => {
  for (const route of listed) {
    const list = route.slice(0, -'/:id'.length);
    const res = await asAdmin(list);
    const body = (await res.json()) as { items?: { id?: unknown }[]; Items?: { id?: unknown }[] };
    const id = (body.items ?? body.Items)?.[0]?.id;
    if (res.status === 200 && typeof id === 'string') listedIds.set(route, id);
  }
});
const listedCase = (route: string): Case => {
  const at = () => route.replace(':id', listedIds.get(route) ?? 'no-record-listed: add a case for this route');
  return { route, read: at, patch: at };
};
cases.push(...listed.map(listedCase));

const asAdmin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  h.call('admin', `${path}${path.includes('?') ? '&' : '?'}accountId=${riverside}`, init);
const logEntries = async () => Number((await h.db.execute<{ n: string }>(sql`select count(*) as n from ${auditLog}`)).rows[0]!.n);

describe('an empty PATCH changes nothing', () => {
  it.each(cases.map((c) => [c.route, c] as const))('%s: 200 with the record unchanged, no new version, no log entry', async (_route, c) => {
    const read = await asAdmin(c.read());
    expect(read.status, await read.clone().text()).toBe(200);
    const before = (await read.json()) as { version: number };
    const entries = await logEntries();

    const res = await asAdmin(c.patch(), { method: 'PATCH', json: { ...c.body?.(), version: before.version } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { version: number }).version).toBe(before.version);

    const after = (await (await asAdmin(c.read())).json()) as { version: number };
    expect(after).toEqual(before);
    expect(await logEntries()).toBe(entries);
  });

  it.each(cases.map((c) => [c.route, c] as const))('%s: the same without a version (issue 44)', async (_route, c) => {
    const before = (await (await asAdmin(c.read())).json()) as { version: number };
    const entries = await logEntries();
    const res = await asAdmin(c.patch(), { method: 'PATCH', json: { ...c.body?.() } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { version: number }).version).toBe(before.version);
    expect(await (await asAdmin(c.read())).json()).toEqual(before);
    expect(await logEntries()).toBe(entries);
  });

  it('an empty PATCH of an older version is still a conflict (409)', async () => {
    const path = `/issues/${seedId('issue:riverside:1')}`;
    const { version } = (await (await asAdmin(path)).json()) as { version: number };
    // Changed by someone else meanwhile (a change of one's own would make the empty save its retry).
    const changed = await h.call('manager', path, { method: 'PATCH', json: { version, name: 'Renamed before the empty save' } });
    expect(changed.status).toBe(200);
    expect((await asAdmin(path, { method: 'PATCH', json: { version } })).status).toBe(409);
  });

  it('covers every PATCH route of the app', () => {
    const patched = [...new Set(h.api.routes.filter((r) => r.method === 'PATCH').map((r) => r.path))].sort();
    expect(patched).toEqual([...cases.map((c) => c.route), ...Object.keys(unversioned)].sort());
  });
});
