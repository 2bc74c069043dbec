import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workflow, WorkflowItem, WorkflowItemBatchResult, WorkflowItemDetail, WorkflowPerson } from '../../../domain/workflows.ts';
import { accessLog, auditLog, taskWorkflowItems } from '../../db/schema/index.ts';
import { seedId } from '../../seed/seed.ts';
import { createHarness } from '../../test/harness.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
const riverside = seedId('account:riverside');
const lakeside = seedId('account:lakeside');
const at = (path: string, account = riverside) => `/task-workflows${path}${path.includes('?') ? '&' : '?'}accountId=${account}`;

beforeAll(async () => {
  h = await createHarness();
}, 120_000);
afterAll(() => h.close());

/** A workflow whose first task waits two days, so no item runs during these tests. */
async function workflow(status: Workflow['status'] = 'ACTIVE', title = `Recall ${Math.random()}`) {
  const res = await h.call('manager', at('/workflows'), {
    method: 'POST',
    json: { title, description: 'A call two days after', status, tasks: [{ name: 'outboundCall', delay: { amount: 2, unit: 'days' } }] },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Workflow;
}

/** Spec §3's item shape, as an integrator posts it. */
const ann = {
  generalInfo: { patientName: 'Ann Item', phone: '(503) 555-0142', mrn: 'MRN-1001', dob: '1950-04-02', email: 'ann@example.test', address: '1 Main St, Portland, OR', balance: 125.5, payerClassA: 'Medicare', maximumDiscount: 20 },
};

const jobsOf = async (itemId: string) =>
  (await h.db.execute<{ run_at: Date; task_identifier: string }>(sql`select run_at, task_identifier from graphile_worker.jobs where key = ${`workflow-item:${itemId}`}`)).rows;

describe('workflow items (spec §3, §7 items getAll, create, batchCreate)', () => {
  it('the demo practice has three workflows (a reminder call; a text then a call two days later; a form call) with items in every status', async () => {
    const list = (await (await h.call('viewer', at('/workflows'))).json()) as { items: Workflow[] };
    const demo = list.items.filter((w) => ['Annual check-up reminder call', 'Flu shot: a text, then a call two days later', 'Open balance form call'].includes(w.title));
    expect(demo.map((w) => w.tasks.map((t) => t.name))).toEqual([['outboundCall'], ['sendSMS', 'outboundCall'], ['jotformCall']]);
    const totals = demo.reduce<Record<string, number>>((sum, w) => {
      for (const [status, n] of Object.entries(w.itemCounts)) sum[status] = (sum[status] ?? 0) + n;
      return sum;
    }, {});
    for (const status of ['RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED']) expect(totals[status]).toBeGreaterThan(0);
    const items = (await (await h.call('viewer', at(`/workflows/${demo[1]!.id}/items?status=RUNNING`))).json()) as { items: WorkflowItem[] };
    const waiting = (await (await h.call('viewer', at(`/items/${items.items[0]!.id}`))).json()) as WorkflowItemDetail;
    expect(waiting).toMatchObject({ currentTask: 1, status: 'RUNNING' });
    expect(waiting.events.map((e) => e.kind)).toEqual(['added', 'sent', 'outcome', 'scheduled']);
    expect(new Date(waiting.nextAttemptAt!).getTime()).toBeGreaterThan(Date.now());
  });

  it('creates one in spec §3’s shape, due after its first task’s delay and queued; lists, reads with its timeline, logs the change and the reads', async () => {
    const wf = await workflow();
    const before = Date.now();
    const res = await h.call('manager', at(`/workflows/${wf.id}/items`), { method: 'POST', json: ann });
    expect(res.status).toBe(201);
    const item = (await res.json()) as WorkflowItem;
    expect(item).toMatchObject({ taskWorkflowId: wf.id, status: 'RUNNING', currentTask: 0, source: 'api', heldReason: null, generalInfo: ann.generalInfo, tasks: wf.tasks, createdBy: 'Maria Lopez' });
    const due = new Date(item.nextAttemptAt!).getTime();
    expect(due - before).toBeGreaterThanOrEqual(2 * 86_400_000 - 1000);
    expect(due - Date.now()).toBeLessThanOrEqual(2 * 86_400_000);
    const [job] = await jobsOf(item.id);
    expect(job).toMatchObject({ task_identifier: 'workflows.run-item' });
    expect(new Date(job!.run_at).getTime()).toBe(due);

    const list = (await (await h.call('viewer', at(`/workflows/${wf.id}/items`))).json()) as { items: WorkflowItem[]; total: number };
    expect(list.total).toBe(1);
    expect(list.items[0]).toEqual(item);
    const detail = (await (await h.call('viewer', at(`/items/${item.id}`))).json()) as WorkflowItemDetail;
    expect(detail.events.map((e) => e.kind)).toEqual(['added']);
    const counted = (await (await h.call('viewer', at(`/workflows/${wf.id}`))).json()) as Workflow;
    expect(counted.itemCounts).toEqual({ RUNNING: 1, SUCCEEDED: 0, FAILED: 0, TIMED_OUT: 0, ABORTED: 0 });

    const [entry] = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceType, 'WorkflowItem'), eq(auditLog.resourceId, item.id)));
    expect(entry).toMatchObject({ action: 'create', actorName: 'Maria Lopez' });
    await h.deps.accessLog!.flush();
    const reads = await h.db.select().from(accessLog).where(and(eq(accessLog.resourceType, 'WorkflowItem'), eq(accessLog.resourceId, item.id)));
    expect(reads.map((r) => r.action).sort()).toEqual(['list', 'view']);
  });

  it('refuses a bad item field by field, writes nothing, never echoes; a duplicate MRN and birth date is a conflict', async () => {
    const wf = await workflow();
    const canary = 'zz-canary-<script>';
    const res = await h.call('manager', at(`/workflows/${wf.id}/items`), { method: 'POST', json: { generalInfo: { patientName: ' ', phone: `555 ${canary}`, dob: '1950-02-30', balance: canary, maximumDiscount: 140, email: canary } } });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).not.toContain('canary');
    expect(JSON.parse(text).error.fields).toEqual({
      'generalInfo.patientName': 'Patient name is required',
      'generalInfo.phone': 'Phone number must be a US number of 10 digits, for example (555) 123-4567',
      'generalInfo.dob': 'Date must be YYYY-MM-DD',
      'generalInfo.email': 'Email must be a valid email address',
      'generalInfo.balance': 'Balance must be an amount, for example 125.50',
      'generalInfo.maximumDiscount': 'Maximum discount must be a percentage from 0 to 100',
    });
    const missing = await h.call('manager', at(`/workflows/${wf.id}/items`), { method: 'POST', json: {} });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { fields: Record<string, string> } }).error.fields).toMatchObject({ generalInfo: 'Patient name is required' });
    const [{ n }] = (await h.db.select({ n: sql<number>`count(*)::int` }).from(taskWorkflowItems).where(eq(taskWorkflowItems.workflowId, wf.id))) as [{ n: number }];
    expect(n).toBe(0);
    expect((await h.call('manager', at(`/workflows/${wf.id}/items`), { method: 'POST', json: ann })).status).toBe(201);
    const again = await h.call('manager', at(`/workflows/${wf.id}/items`), { method: 'POST', json: { generalInfo: { ...ann.generalInfo, mrn: 'mrn-1001', patientName: 'Ann Again' } } });
    expect(again.status).toBe(409);
  });

  it('batchCreate: counts what was written, skips duplicates (in the workflow and in the batch), numbers refused rows from the batch’s offset; a retried batch creates nothing twice', async () => {
    const wf = await workflow();
    expect((await h.call('manager', at(`/workflows/${wf.id}/items`), { method: 'POST', json: ann })).status).toBe(201);
    const items = [
      { generalInfo: { patientName: 'Bo One', phone: '5035550101', mrn: 'B1', dob: '1960-01-01' } },
      { generalInfo: { patientName: 'Ann Dup', phone: '5035550142', mrn: 'MRN-1001', dob: '1950-04-02' } },
      { generalInfo: { patientName: '', phone: '123' } },
      { generalInfo: { patientName: 'Bo One Again', phone: '5035550101', mrn: 'b1', dob: '1960-01-01' } },
      { generalInfo: { patientName: 'Cy Three', phone: '+1 503 555 0103', balance: '$1,200.00' } },
      'not an item',
    ];
    const send = () => h.call('manager', at(`/workflows/${wf.id}/items/batch`), { method: 'POST', json: { items, rowOffset: 1000, source: 'csv' }, headers: { 'Idempotency-Key': `batch-${wf.id}` } });
    const res = await send();
    expect(res.status).toBe(201);
    const result = (await res.json()) as WorkflowItemBatchResult;
    expect(result).toEqual({
      created: 2,
      skipped: 2,
      refused: [
        { row: 1003, field: 'patientName', message: 'Patient name is required' },
        { row: 1003, field: 'phone', message: 'Phone number must be a US number of 10 digits, for example (555) 123-4567' },
        { row: 1006, field: 'patientName', message: 'Patient name is required' },
        { row: 1006, field: 'phone', message: 'Phone is required: the number the tasks call or text' },
      ],
    });
    const replay = await send();
    expect(await replay.json()).toEqual(result);
    const list = (await (await h.call('manager', at(`/workflows/${wf.id}/items?sort=patientName&order=asc`))).json()) as { items: WorkflowItem[] };
    expect(list.items.map((i) => [i.generalInfo.patientName, i.source])).toEqual([
      ['Ann Item', 'api'],
      ['Bo One', 'csv'],
      ['Cy Three', 'csv'],
    ]);
    expect(list.items.find((i) => i.generalInfo.patientName === 'Cy Three')!.generalInfo.balance).toBe(1200);
    const filtered = (await (await h.call('manager', at(`/workflows/${wf.id}/items?q=555-0101`))).json()) as { items: WorkflowItem[] };
    expect(filtered.items.map((i) => i.generalInfo.patientName)).toEqual(['Bo One']);
    const tooMany = await h.call('manager', at(`/workflows/${wf.id}/items/batch`), { method: 'POST', json: { items: Array.from({ length: 1001 }, () => items[0]) } });
    expect(tooMany.status).toBe(400);
  });

  it('abort and retry, one item and by filter: a retry runs the task again in a new round; the wait moves with it', async () => {
    const wf = await workflow();
    const item = (await (await h.call('manager', at(`/workflows/${wf.id}/items`), { method: 'POST', json: ann })).json()) as WorkflowItem;
    expect((await h.call('manager', at(`/items/${item.id}/retry`), { method: 'POST' })).status).toBe(409);
    const aborted = await h.call('manager', at(`/items/${item.id}/abort`), { method: 'POST' });
    expect(aborted.status).toBe(200);
    expect(await aborted.json()).toMatchObject({ status: 'ABORTED', nextAttemptAt: null, currentTask: 0 });
    expect(await jobsOf(item.id)).toEqual([]);
    expect((await h.call('manager', at(`/items/${item.id}/abort`), { method: 'POST' })).status).toBe(409);
    const retried = (await (await h.call('manager', at(`/items/${item.id}/retry`), { method: 'POST' })).json()) as WorkflowItem;
    expect(retried.status).toBe('RUNNING');
    const [row] = await h.db.select().from(taskWorkflowItems).where(eq(taskWorkflowItems.id, item.id));
    expect(row!.round).toBe(1);
    expect(await jobsOf(item.id)).toHaveLength(1);

    const bulk = await h.call('manager', at(`/workflows/${wf.id}/items/abort`), { method: 'POST', json: { status: 'RUNNING', q: 'Ann' } });
    expect(await bulk.json()).toEqual({ changed: 1 });
    const back = await h.call('manager', at(`/workflows/${wf.id}/items/retry`), { method: 'POST', json: { status: 'ABORTED' } });
    expect(await back.json()).toEqual({ changed: 1 });
    const detail = (await (await h.call('manager', at(`/items/${item.id}`))).json()) as WorkflowItemDetail;
    // The runner may already have taken a retried item (a retry runs its task at once): its steps come between.
    expect(detail.events.map((e) => e.kind).filter((kind) => ['added', 'aborted', 'retried'].includes(kind))).toEqual(['added', 'aborted', 'retried', 'aborted', 'retried']);
  });

  it('a paused or manual workflow’s items wait and say why; a manual one starts by hand; a disabled workflow takes none', async () => {
    const paused = await workflow('PAUSED');
    const held = (await (await h.call('manager', at(`/workflows/${paused.id}/items`), { method: 'POST', json: ann })).json()) as WorkflowItem;
    expect(held.heldReason).toBe('The workflow is paused: the item runs when it is resumed');
    expect(await jobsOf(held.id)).toEqual([]);

    const manual = await workflow('MANUAL');
    const waiting = (await (await h.call('manager', at(`/workflows/${manual.id}/items`), { method: 'POST', json: ann })).json()) as WorkflowItem;
    expect(waiting).toMatchObject({ heldReason: 'Waits to be started by hand', nextAttemptAt: null });
    expect((await h.call('manager', at(`/items/${held.id}/start`), { method: 'POST' })).status).toBe(409);
    const started = await h.call('manager', at(`/items/${waiting.id}/start`), { method: 'POST' });
    expect(started.status).toBe(200);
    expect(await started.json()).toMatchObject({ heldReason: null });
    expect(await jobsOf(waiting.id)).toHaveLength(1);

    const disabled = await workflow();
    expect((await h.call('manager', at(`/workflows/${disabled.id}`), { method: 'PATCH', json: { status: 'DISABLED' } })).status).toBe(200);
    const refused = await h.call('manager', at(`/workflows/${disabled.id}/items`), { method: 'POST', json: ann });
    expect(refused.status).toBe(409);
  });

  it('is the practice’s own: Read Only reads but adds nothing; another practice sees neither the items nor the item', async () => {
    const wf = await workflow();
    const item = (await (await h.call('manager', at(`/workflows/${wf.id}/items`), { method: 'POST', json: ann })).json()) as WorkflowItem;
    expect((await h.call('viewer', at(`/workflows/${wf.id}/items`), { method: 'POST', json: ann })).status).toBe(403);
    expect((await h.call('viewer', at(`/workflows/${wf.id}/items/batch`), { method: 'POST', json: { items: [ann] } })).status).toBe(403);
    expect((await h.call('viewer', at(`/items/${item.id}/abort`), { method: 'POST' })).status).toBe(403);
    expect((await h.call('manager', at(`/workflows/${wf.id}/items`, lakeside))).status).toBe(404);
    expect((await h.call('manager', at(`/items/${item.id}`, lakeside))).status).toBe(404);
    expect((await h.call('manager', at(`/items/${item.id}/abort`, lakeside), { method: 'POST' })).status).toBe(404);
    expect((await h.call('manager', at(`/workflows/${wf.id}/items`, lakeside), { method: 'POST', json: ann })).status).toBe(404);
  });

  it('keys: the MRN and birth date of every item that has both, for a CSV import’s duplicates; each item answered is in the access log; read with the workflow’s GET, the practice’s own', async () => {
    const wf = await workflow();
    const withKey = { generalInfo: { ...ann.generalInfo, mrn: 'Key-1', dob: '1961-01-02' } };
    const noDob = { generalInfo: { ...ann.generalInfo, mrn: 'Key-2', dob: null } };
    const noMrn = { generalInfo: { ...ann.generalInfo, mrn: null, dob: '1961-01-03' } };
    const batch = await h.call('manager', at(`/workflows/${wf.id}/items/batch`), { method: 'POST', json: { items: [withKey, noDob, noMrn] } });
    expect(((await batch.json()) as WorkflowItemBatchResult).created).toBe(3);

    const res = await h.call('viewer', at(`/workflows/${wf.id}/items/keys`));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ items: [{ mrn: 'Key-1', dob: '1961-01-02' }], total: 1 });
    const [row] = await h.db.select({ id: taskWorkflowItems.id }).from(taskWorkflowItems).where(and(eq(taskWorkflowItems.workflowId, wf.id), eq(taskWorkflowItems.mrn, 'Key-1')));
    await h.deps.accessLog!.flush();
    const reads = await h.db.select().from(accessLog).where(and(eq(accessLog.resourceType, 'WorkflowItem'), eq(accessLog.resourceId, row!.id)));
    expect(reads).toEqual([expect.objectContaining({ action: 'list', actorName: 'Victor Chen' })]);

    expect((await h.call('manager', at(`/workflows/${wf.id}/items/keys`, lakeside))).status).toBe(404);
  });
});

describe('"Start workflow" from a person (issue 43)', () => {
  /** Persons of an account, with and without a phone or SMS number associated. */
  const personsOf = async (account: string) =>
    (
      await h.db.execute<{ id: string; name: string; phones: number }>(sql`
        select p.id, p.display_name as name,
          (select count(*)::int from contact_point_practitioners cpp join contact_points cp on cp.id = cpp.contact_point_id
            where cpp.practitioner_id = p.id and cp.deleted_at is null and cp.system in ('PHONE', 'SMS')) as phones
        from persons p where p.account_id = ${account} order by p.search_name`)
    ).rows;

  it('offers the practice’s persons who have a number to call, each with their numbers; filters by name; never another practice’s', async () => {
    const riversidePersons = await personsOf(riverside);
    const withPhone = riversidePersons.filter((p) => p.phones > 0);
    const without = riversidePersons.find((p) => p.phones === 0);
    expect(withPhone.length).toBeGreaterThan(0);
    expect(without).toBeDefined();
    const res = await h.call('manager', at('/people'));
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: WorkflowPerson[] };
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(20);
    for (const person of items) {
      expect(withPhone.map((p) => p.id)).toContain(person.id);
      expect(person.phones.length).toBeGreaterThan(0);
      for (const phone of person.phones) expect(phone.value).toMatch(/\d{3}.*\d{4}$/);
    }
    expect(items.map((p) => p.id)).not.toContain(without!.id);
    const first = items[0]!;
    const named = (await (await h.call('manager', at(`/people?q=${encodeURIComponent(first.name.slice(0, 4).toUpperCase())}`))).json()) as { items: WorkflowPerson[] };
    expect(named.items.map((p) => p.id)).toContain(first.id);
    expect(named.items.every((p) => p.name.toLowerCase().includes(first.name.slice(0, 4).toLowerCase()))).toBe(true);
    const lakesidePersons = (await personsOf(lakeside)).map((p) => p.id);
    expect(items.some((p) => lakesidePersons.includes(p.id))).toBe(false);
    await h.deps.accessLog!.flush();
    const reads = await h.db.select().from(accessLog).where(and(eq(accessLog.resourceType, 'Person'), eq(accessLog.resourceId, first.id)));
    expect(reads.some((r) => r.action === 'list')).toBe(true);
  });

  it('an item names the person it is about only within the practice: another practice’s person is refused, in one and in a batch', async () => {
    const wf = await workflow();
    const [own] = (await personsOf(riverside)).filter((p) => p.phones > 0);
    const [foreign] = await personsOf(lakeside);
    const item = { generalInfo: { patientName: own!.name, phone: '(503) 555-0177' }, personId: own!.id };
    const created = await h.call('manager', at(`/workflows/${wf.id}/items`), { method: 'POST', json: { ...item, source: 'palette' } });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ personId: own!.id, source: 'palette' });
    const refused = await h.call('manager', at(`/workflows/${wf.id}/items`), { method: 'POST', json: { ...item, personId: foreign!.id } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { fields: { personId: 'Person does not exist' } } });
    const batch = await h.call('manager', at(`/workflows/${wf.id}/items/batch`), {
      method: 'POST',
      json: { items: [{ generalInfo: { patientName: 'Bo Batch', phone: '5035550178' }, personId: foreign!.id }, { generalInfo: { patientName: 'Cy Batch', phone: '5035550179' }, personId: own!.id }] },
    });
    expect(batch.status).toBe(201);
    expect(await batch.json()).toEqual({ created: 1, skipped: 0, refused: [{ row: 1, field: 'personId', message: 'Person does not exist' }] });
    const stored = await h.db.select().from(taskWorkflowItems).where(eq(taskWorkflowItems.workflowId, wf.id));
    expect(stored.map((row) => row.personId).sort()).toEqual([own!.id, own!.id]);
  });
});
