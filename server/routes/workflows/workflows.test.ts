import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workflow } from '../../../domain/workflows.ts';
import { auditLog, taskWorkflows } from '../../db/schema/index.ts';
import { seedId } from '../../seed/seed.ts';
import { createHarness } from '../../test/harness.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
const riverside = seedId('account:riverside');
const collection = `/task-workflows/workflows?accountId=${riverside}`;
const one = (id: string) => `/task-workflows/workflows/${id}?accountId=${riverside}`;

beforeAll(async () => {
  h = await createHarness();
}, 120_000);
afterAll(() => h.close());

/** Spec §3's shape, as an integrator posts it. */
const reminder = {
  title: 'Flu shot reminder',
  description: 'A text, then a call two days later',
  tasks: [
    { name: 'sendSMS', delay: { amount: 0, unit: 'days' }, variables: { text: 'Hello {{patientName}}, your flu shot is due.', sourceNumber: '(503) 555-0114' } },
    { name: 'outboundCall', delay: { amount: 2, unit: 'days' } },
    { name: 'jotformCall' },
  ],
};

const create = (json: unknown, user: 'manager' | 'viewer' = 'manager') => h.call(user, collection, { method: 'POST', json });
const fieldsOf = async (res: Response) => ((await res.json()) as { error: { fields?: Record<string, string> } }).error.fields ?? {};

describe('task workflows (spec §3, §4, §5)', () => {
  it('creates one in spec §3’s shape with the spec’s defaults (0 days, JotForms.fifo), reads it back, lists it, and logs it', async () => {
    const res = await create(reminder);
    expect(res.status).toBe(201);
    const created = (await res.json()) as Workflow;
    expect(created).toMatchObject({
      title: 'Flu shot reminder',
      status: 'ACTIVE',
      version: 1,
      createdBy: 'Maria Lopez',
      itemCounts: { RUNNING: 0, SUCCEEDED: 0, FAILED: 0, TIMED_OUT: 0, ABORTED: 0 },
      tasks: [
        { name: 'sendSMS', delay: { amount: 0, unit: 'days' }, variables: { text: 'Hello {{patientName}}, your flu shot is due.' } },
        { name: 'outboundCall', delay: { amount: 2, unit: 'days' }, variables: {} },
        { name: 'jotformCall', delay: { amount: 0, unit: 'days' }, jotformQueueId: 'JotForms.fifo' },
      ],
    });
    const read = await h.call('viewer', one(created.id));
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(created);
    const list = (await (await h.call('viewer', collection)).json()) as { items: Workflow[] };
    expect(list.items.map((w) => w.id)).toContain(created.id);
    const [entry] = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceType, 'Workflow'), eq(auditLog.resourceId, created.id)));
    expect(entry).toMatchObject({ action: 'create', actorName: 'Maria Lopez' });
  });

  it('refuses what spec §5 refuses with its words, under the field; writes nothing; never echoes', async () => {
    const count = async () => (await h.db.select({ n: sql<number>`count(*)::int` }).from(taskWorkflows))[0]!.n;
    const before = await count();
    expect(await fieldsOf(await create({ ...reminder, title: '  ' }))).toMatchObject({ title: 'Title required' });
    expect(await fieldsOf(await create({ ...reminder, description: '' }))).toMatchObject({ description: 'description required' });
    expect(await fieldsOf(await create({ ...reminder, tasks: [] }))).toMatchObject({ tasks: 'your workflow must have at least one task' });
    expect(await fieldsOf(await create({ title: 'x', description: 'y' }))).toMatchObject({ tasks: 'your workflow must have at least one task' });
    expect(await fieldsOf(await create({ ...reminder, tasks: [{ name: 'sendSMS', variables: { text: 'too short' } }] }))).toMatchObject({
      'tasks.0.variables.text': 'you must specify the text message you wish to send',
    });
    expect(await fieldsOf(await create({ ...reminder, tasks: [{ name: 'sendSMS' }] }))).toMatchObject({ 'tasks.0.variables': 'you must specify the text message you wish to send' });
    const marker = 'zq7echoMarker';
    const badPhone = await create({ ...reminder, tasks: [{ name: 'outboundCall', variables: { destinationNumber: `555-${marker}` } }] });
    expect(badPhone.status).toBe(400);
    const text = await badPhone.text();
    expect(text).not.toContain(marker);
    expect(JSON.parse(text).error.fields).toMatchObject({ 'tasks.0.variables.destinationNumber': 'Phone number must be a US number of 10 digits, for example (555) 123-4567' });
    expect(await fieldsOf(await create({ ...reminder, tasks: [{ name: 'outboundCall', delay: { amount: 1, unit: 'weeks' } }] }))).toMatchObject({ 'tasks.0.delay.unit': 'Delay unit must be hours or days' });
    expect(await fieldsOf(await create({ ...reminder, tasks: [{ name: 'jotformCall', jotformQueueId: 'Other.fifo' }] }))).toMatchObject({ 'tasks.0.jotformQueueId': 'Queue must be JotForms.fifo' });
    expect(await fieldsOf(await create({ ...reminder, tasks: [{ name: 'faxPatient' }] }))).toMatchObject({ 'tasks.0.name': 'Task must be an outbound call, a text message or a form call' });
    // Template variables are checked against the item fields when the workflow is saved.
    expect(await fieldsOf(await create({ ...reminder, tasks: [{ name: 'sendSMS', variables: { text: 'Dear {{firstName}}, please call us back.' } }] }))).toMatchObject({
      'tasks.0.variables.text': expect.stringMatching(/^\{\{firstName\}\} is not an item field: use \{\{mrn\}\}, .*\{\{patientName\}\}/),
    });
    expect(await count()).toBe(before);
  });

  it('changes status along spec §4’s transitions: pause and resume; DISABLING is the runner’s; a stale version is refused, none applies to the current one', async () => {
    const created = (await (await create({ ...reminder, title: 'Balance reminder' })).json()) as Workflow;
    const patch = (json: unknown) => h.call('manager', one(created.id), { method: 'PATCH', json });
    const paused = await patch({ status: 'PAUSED' });
    expect(paused.status).toBe(200);
    expect(await paused.json()).toMatchObject({ status: 'PAUSED', version: 2 });
    expect((await patch({ status: 'ACTIVE', version: 1 })).status).toBe(409);
    const resumed = await patch({ status: 'ACTIVE', version: 2 });
    expect(await resumed.json()).toMatchObject({ status: 'ACTIVE', version: 3 });
    const disabling = await patch({ status: 'DISABLING' });
    expect(disabling.status).toBe(409);
    expect(await fieldsOf(disabling)).toEqual({ status: 'A workflow that is ACTIVE cannot be set to DISABLING' });
    expect(await (await patch({ status: 'DISABLED' })).json()).toMatchObject({ status: 'DISABLED' });
    expect((await patch({ status: 'PAUSED' })).status).toBe(409);
    const retitled = await patch({ title: 'Balance reminder (2027)', tasks: [{ name: 'outboundCall', delay: { amount: 3, unit: 'hours' } }] });
    expect(await retitled.json()).toMatchObject({ title: 'Balance reminder (2027)', tasks: [{ name: 'outboundCall', delay: { amount: 3, unit: 'hours' } }] });
    expect(await fieldsOf(await patch({ tasks: [] }))).toEqual({ tasks: 'your workflow must have at least one task' });
  });

  it('is the practice’s own: Read Only reads but neither creates nor changes; another practice’s workflow is not found', async () => {
    const created = (await (await create({ ...reminder, title: 'Recall' })).json()) as Workflow;
    expect((await create(reminder, 'viewer')).status).toBe(403);
    expect((await h.call('viewer', one(created.id), { method: 'PATCH', json: { status: 'PAUSED' } })).status).toBe(403);
    const lakeside = seedId('account:lakeside');
    const elsewhere = await h.call('manager', `/task-workflows/workflows/${created.id}?accountId=${lakeside}`);
    expect(elsewhere.status).toBe(404);
    const list = (await (await h.call('manager', `/task-workflows/workflows?accountId=${lakeside}`)).json()) as { items: Workflow[] };
    expect(list.items.map((w) => w.id)).not.toContain(created.id);
  });
});

describe('tags on the workflow (spec §3 Task workflow.tags, issue 44)', () => {
  type TagRow = { id: string; key: string; value: string };
  const tagsVia = async (id: string) =>
    ((await (await h.call('manager', `/tag?accountId=${riverside}&taggedResourceType=Workflow&taggedResourceId=${id}`)).json()) as { items: TagRow[] }).items.map(({ key, value }) => `${key}:${value}`);
  const get = async (id: string) => (await (await h.call('manager', one(id))).json()) as Workflow;
  const patch = (id: string, json: unknown) => h.call('manager', one(id), { method: 'PATCH', json });

  it('a create’s tags are its /tag records; GET, the list and /tag answer the same; a PATCH replaces the set; the same set again is no new version', async () => {
    const res = await create({ ...reminder, title: 'Tagged reminder', tags: [{ key: 'campaign', value: 'flu' }, { key: 'Campaign', value: 'FLU' }, { key: 'season', value: '2026' }] });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = (await res.json()) as Workflow;
    // The same key and value twice (any case) is one tag; sorted by key and value.
    expect(created.tags.map(({ key, value }) => `${key}:${value}`)).toEqual(['campaign:flu', 'season:2026']);
    expect(created.tags.every((tag) => typeof tag.id === 'string')).toBe(true);
    expect((await get(created.id)).tags).toEqual(created.tags);
    expect(await tagsVia(created.id)).toEqual(['campaign:flu', 'season:2026']);
    const listed = ((await (await h.call('manager', collection)).json()) as { items: Workflow[] }).items.find((item) => item.id === created.id);
    expect(listed?.tags).toEqual(created.tags);

    const kept = created.tags.find((tag) => tag.key === 'campaign')!;
    const changed = await patch(created.id, { tags: [{ key: 'CAMPAIGN', value: 'flu' }, { key: 'wave', value: '2' }] });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const after = (await changed.json()) as Workflow;
    expect(after.version).toBe(created.version + 1);
    expect(after.tags.map(({ key, value }) => `${key}:${value}`)).toEqual(['campaign:flu', 'wave:2']);
    expect(after.tags.find((tag) => tag.key === 'campaign')!.id).toBe(kept.id);
    expect(after.itemCounts).toMatchObject({ RUNNING: 0 });
    expect(await tagsVia(created.id)).toEqual(['campaign:flu', 'wave:2']);
    // The removed tag is a Tag delete in the change log, as DELETE /tag writes it.
    const removed = created.tags.find((tag) => tag.key === 'season')!;
    const [entry] = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceType, 'Tag'), eq(auditLog.resourceId, removed.id), eq(auditLog.action, 'delete')));
    expect(entry).toBeDefined();

    const again = await patch(created.id, { tags: [{ key: 'wave', value: '2' }, { key: 'campaign', value: 'FLU' }] });
    expect(again.status).toBe(200);
    expect((await get(created.id)).version).toBe(after.version);
    for (const tags of [['a'], [{ key: 'a' }], 'a']) expect((await patch(created.id, { tags })).status, JSON.stringify(tags)).toBe(400);
    expect((await get(created.id)).tags).toEqual(after.tags);
  });

  it('POST /tag tags a workflow of the account, never another account’s', async () => {
    const created = (await (await create({ ...reminder, title: 'Tagged by /tag' })).json()) as Workflow;
    const tag = await h.call('manager', `/tag?accountId=${riverside}`, { method: 'POST', json: { key: 'owner', value: 'front desk', taggedResourceType: 'Workflow', taggedResourceId: created.id } });
    expect(tag.status, await tag.clone().text()).toBe(201);
    expect((await get(created.id)).tags.map(({ key, value }) => `${key}:${value}`)).toEqual(['owner:front desk']);
    // Another practice's workflow (made by an instance administrator in Lakeside) is not Riverside's to tag.
    const lakeside = seedId('account:lakeside');
    const theirs = await h.call('admin', `/task-workflows/workflows?accountId=${lakeside}`, { method: 'POST', json: { ...reminder, title: 'Lakeside reminder' } });
    expect(theirs.status).toBe(201);
    const theirId = ((await theirs.json()) as Workflow).id;
    const elsewhere = await h.call('manager', `/tag?accountId=${riverside}`, { method: 'POST', json: { key: 'owner', value: 'x', taggedResourceType: 'Workflow', taggedResourceId: theirId } });
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain('The tagged record does not exist in this account');
  });
});
