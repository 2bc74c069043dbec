import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localTime } from '../../domain/calling-hours.ts';
import type { WorkflowTask } from '../../domain/workflows.ts';
import { connect, type Database } from '../db/client.ts';
import { accounts, auditLog, taskWorkflowItemEvents, taskWorkflowItems, taskWorkflows, telephonyAttempts, telephonyOptOuts, telephonyPacing } from '../db/schema/index.ts';
import { createSimulatedTelephony, type SimulatedTelephony } from '../integrations/telephony/simulator.ts';
import { recordStatus } from '../telephony/outbox.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { defaultRunnerOptions, disableWorkflow, resumeItems, runItem, type RunnerOptions } from './runner.ts';

let testDb: TestDatabase;
let database: Database;
let carrier: SimulatedTelephony;
/** What the carrier answers next (its failure rate is 0; `outcomes` overrides the status it reports). */
const account = '44444444-4444-4444-8444-444444444444';
const creator = '55555555-5555-4555-8555-555555555555';
const from = '(415) 555-0100';

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = connect(testDb.url);
  await database.db.insert(accounts).values({ id: account, name: 'Runner practice', createdBy: 'test', modifiedBy: 'test', timeZone: 'America/New_York' });
  // The carrier's reports reach the outbox directly (no HTTP server in this test).
  carrier = createSimulatedTelephony(database.db, {
    failureRate: 0,
    outcomeMs: 0,
    post: async (url, form, signature) => {
      const [, accountId, attemptId] = /status\/([^/]+)\/([^/?]+)$/.exec(url)!;
      await recordStatus(database.db, carrier, accountId!, attemptId!, { url, signature, params: Object.fromEntries(form) });
      return 200;
    },
  });
}, 120_000);
afterAll(async () => {
  await database.close();
  await testDb.drop();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from graphile_worker._private_jobs`);
  await database.db.delete(telephonyOptOuts);
  // Each test sets its own clock: the numbers' pace starts afresh.
  await database.db.delete(telephonyPacing);
});

const deps = () => ({ db: database.db, telephony: carrier, publicUrl: 'https://portal.example' });

/** An instant when it is `hour`:00 in New York today (the patients below live there: area code 212). */
function newYorkAt(hour: number): Date {
  const base = new Date();
  for (let h = 0; h < 48; h += 1) {
    const at = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate(), 0, 0) + h * 3_600_000);
    if (localTime(at, 'America/New_York').minute === hour * 60) return at;
  }
  throw new Error('no such hour');
}

async function workflowWith(tasks: WorkflowTask[], status: 'ACTIVE' | 'PAUSED' = 'ACTIVE') {
  const [wf] = await database.db.insert(taskWorkflows).values({ accountId: account, title: 'Recall', description: 'Test', status, tasks, createdBy: 'Maria', modifiedBy: 'Maria' }).returning();
  await database.db.insert(auditLog).values({ accountId: account, actorId: creator, actorName: 'Maria', action: 'create', resourceType: 'Workflow', resourceId: wf!.id });
  return wf!;
}

let phoneSeq = 1000;
async function itemIn(workflowId: string, tasks: WorkflowTask[], more: { address?: string } = {}) {
  const phone = `+1212555${String(phoneSeq++).padStart(4, '0')}`;
  const generalInfo = { patientName: 'Pat Runner', phone, mrn: null, dob: null, email: null, address: more.address ?? null, balance: 42, payerClassA: null, maximumDiscount: null };
  const [item] = await database.db
    .insert(taskWorkflowItems)
    .values({ accountId: account, workflowId, status: 'RUNNING', currentTask: 0, tasks, source: 'api', generalInfo, patientName: 'Pat Runner', phone, nextAttemptAt: new Date(0), createdBy: 'Maria', modifiedBy: 'Maria' })
    .returning();
  return item!;
}

const itemNow = async (id: string) => (await database.db.select().from(taskWorkflowItems).where(eq(taskWorkflowItems.id, id)))[0]!;
const eventsOf = async (id: string) => (await database.db.select().from(taskWorkflowItemEvents).where(eq(taskWorkflowItemEvents.itemId, id)).orderBy(taskWorkflowItemEvents.at, taskWorkflowItemEvents.id)).map((e) => e.kind);
const jobAt = async (id: string) => (await database.db.execute<{ run_at: string }>(sql`select run_at from graphile_worker.jobs where key = ${`workflow-item:${id}`}`)).rows[0]?.run_at;

/** Runs the item as the queue would, with the carrier reporting between looks, until it ends or `looks` runs. */
async function drive(id: string, options: Partial<RunnerOptions> = {}, looks = 10) {
  for (let i = 0; i < looks; i += 1) {
    await runItem(deps(), { accountId: account, itemId: id }, { ...defaultRunnerOptions, paceMs: 0, ...options });
    while ((await carrier.reportDue()) > 0);
    if ((await itemNow(id)).status !== 'RUNNING') return;
  }
}

const sms: WorkflowTask = { name: 'sendSMS', delay: { amount: 0, unit: 'days' }, variables: { text: 'Hello {{patientName}}, you owe {{balance}}.', sourceNumber: from } } as WorkflowTask;
const call: WorkflowTask = { name: 'outboundCall', delay: { amount: 0, unit: 'hours' }, variables: { sourceNumber: from } } as WorkflowTask;

describe('the workflow runner', () => {
  it('works an item through a text then a call, each once, inside calling hours: SUCCEEDED with its timeline and the call in the history', async () => {
    const tasks = [sms, call];
    const wf = await workflowWith(tasks);
    const item = await itemIn(wf.id, tasks);
    await drive(item.id, { now: () => newYorkAt(10) });
    const done = await itemNow(item.id);
    expect(done).toMatchObject({ status: 'SUCCEEDED', currentTask: null });
    expect(await eventsOf(item.id)).toEqual(['sent', 'outcome', 'scheduled', 'sent', 'outcome', 'succeeded']);
    const sends = await database.db.select().from(telephonyAttempts).where(eq(telephonyAttempts.toNumber, item.phone));
    expect(sends.map((s) => [s.kind, s.status])).toEqual(expect.arrayContaining([['message', 'delivered'], ['call', 'completed']]));
    expect(sends).toHaveLength(2);
    expect(sends.find((s) => s.kind === 'message')!.body).toBe('Hello Pat Runner, you owe 42.');
    const [answered] = await database.db.select().from(taskWorkflowItemEvents).where(and(eq(taskWorkflowItemEvents.itemId, item.id), eq(taskWorkflowItemEvents.taskIndex, 1), eq(taskWorkflowItemEvents.kind, 'outcome')));
    expect(answered!.interactionId).toMatch(/^[0-9a-f-]{36}$/);
    // Looked at again (a late job): nothing more is sent.
    await drive(item.id, { now: () => newYorkAt(10) }, 2);
    expect(await database.db.select().from(telephonyAttempts).where(eq(telephonyAttempts.toNumber, item.phone))).toHaveLength(2);
  });

  it('outside the patient’s calling hours waits for the next open minute (8:00 their time), and says why', async () => {
    const wf = await workflowWith([sms]);
    const item = await itemIn(wf.id, [sms]);
    await runItem(deps(), { accountId: account, itemId: item.id }, { ...defaultRunnerOptions, now: () => newYorkAt(22) });
    const held = await itemNow(item.id);
    expect(held.heldReason).toMatch(/^Outside calling hours \(8:00 to 21:00 in the patient's time, America\/New York, from the area code\)/);
    expect(localTime(held.nextAttemptAt!, 'America/New_York')).toMatchObject({ minute: 8 * 60 });
    expect(held.nextAttemptAt!.getTime() - newYorkAt(22).getTime()).toBe(10 * 3_600_000);
    expect(new Date((await jobAt(item.id))!).getTime()).toBe(held.nextAttemptAt!.getTime());
    expect(await database.db.select().from(telephonyAttempts).where(eq(telephonyAttempts.toNumber, item.phone))).toEqual([]);
    // An address names the patient's state: it wins over the area code (Honolulu: 22:00 in New York is 17:00 there).
    const hawaii = await itemIn(wf.id, [sms], { address: '1 Beach Rd, Honolulu, HI 96815' });
    await drive(hawaii.id, { now: () => newYorkAt(22) });
    expect((await itemNow(hawaii.id)).status).toBe('SUCCEEDED');
  });

  it('never texts an opted-out number: the item fails with the reason, and its creator is told', async () => {
    const wf = await workflowWith([sms]);
    const item = await itemIn(wf.id, [sms]);
    await database.db.insert(telephonyOptOuts).values({ accountId: account, number: item.phone, source: 'reply', via: '+14155550100' });
    await drive(item.id, { now: () => newYorkAt(10) });
    const failed = await itemNow(item.id);
    expect(failed.status).toBe('FAILED');
    expect(await eventsOf(item.id)).toEqual(['sent', 'outcome', 'failed']);
    const jobs = (await database.db.execute<{ payload: { userIds: string[]; message: string } }>(sql`select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'notifications.fan-out'`)).rows;
    expect(jobs.map((j) => j.payload.userIds)).toContainEqual([creator]);
    expect(await database.db.select().from(telephonyAttempts).where(and(eq(telephonyAttempts.toNumber, item.phone), eq(telephonyAttempts.status, 'refused')))).toHaveLength(1);
  });

  it('a busy line is tried again after a backoff, bounded; a send the carrier never settles times out', async () => {
    const wf = await workflowWith([call]);
    const item = await itemIn(wf.id, [call]);
    const at = newYorkAt(10);
    await runItem(deps(), { accountId: account, itemId: item.id }, { ...defaultRunnerOptions, paceMs: 0, now: () => at });
    // The carrier reports busy (as a real one would, signed).
    const [attempt] = await database.db.select().from(telephonyAttempts).where(eq(telephonyAttempts.toNumber, item.phone));
    await database.db.update(telephonyAttempts).set({ status: 'busy' }).where(eq(telephonyAttempts.id, attempt!.id));
    await runItem(deps(), { accountId: account, itemId: item.id }, { ...defaultRunnerOptions, paceMs: 0, now: () => at });
    const retrying = await itemNow(item.id);
    expect(retrying).toMatchObject({ status: 'RUNNING', attempt: 1 });
    expect(retrying.nextAttemptAt!.getTime() - at.getTime()).toBe(defaultRunnerOptions.backoffMs);
    expect(await eventsOf(item.id)).toEqual(['sent', 'outcome', 'retrying']);

    // The second try: the carrier takes it and never reports; past the timeout the item times out.
    const later = new Date(at.getTime() + defaultRunnerOptions.backoffMs);
    await runItem(deps(), { accountId: account, itemId: item.id }, { ...defaultRunnerOptions, paceMs: 0, now: () => later });
    await database.db.execute(sql`delete from simulators.telephony_sends where to_number = ${item.phone}`).catch(() => null);
    const past = new Date(Date.now() + defaultRunnerOptions.inFlightTimeoutMs.call + 60_000);
    await runItem(deps(), { accountId: account, itemId: item.id }, { ...defaultRunnerOptions, paceMs: 0, now: () => past });
    expect((await itemNow(item.id)).status).toBe('TIMED_OUT');
    expect(await database.db.select().from(telephonyAttempts).where(eq(telephonyAttempts.toNumber, item.phone))).toHaveLength(2);
  });

  it('a patient’s cap across the practice’s workflows holds the eighth text in seven days', async () => {
    const wf = await workflowWith([sms]);
    const first = await itemIn(wf.id, [sms]);
    for (let i = 0; i < 7; i += 1) {
      await database.db.insert(telephonyAttempts).values({ accountId: account, key: `workflow:other-${i}:0:0:0`, kind: 'message', fromNumber: '+14155550100', toNumber: first.phone, body: 'x', status: 'delivered' });
    }
    await runItem(deps(), { accountId: account, itemId: first.id }, { ...defaultRunnerOptions, now: () => newYorkAt(10) });
    const held = await itemNow(first.id);
    expect(held.heldReason).toBe("This patient had 7 texts from the practice's workflows in 7 days: waits until fewer");
    expect(held.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });

  it('a paused workflow holds its items; resuming runs what fell due; disabling aborts what runs', async () => {
    const wf = await workflowWith([sms], 'PAUSED');
    const item = await itemIn(wf.id, [sms]);
    await runItem(deps(), { accountId: account, itemId: item.id }, { ...defaultRunnerOptions, now: () => newYorkAt(10) });
    expect((await itemNow(item.id)).heldReason).toBe('The workflow is paused: the item runs when it is resumed');
    await database.db.update(taskWorkflows).set({ status: 'ACTIVE' }).where(eq(taskWorkflows.id, wf.id));
    // Resumed at the test's own clock: the real one is past 10:00 in New York every day after 15:00 UTC,
    // and an item resumed then would not be due yet at the runner's 10:00.
    expect(await resumeItems(database.db, account, wf.id, newYorkAt(10))).toBe(1);
    expect(await jobAt(item.id)).toBeDefined();
    await drive(item.id, { now: () => newYorkAt(10) });
    expect((await itemNow(item.id)).status).toBe('SUCCEEDED');

    const other = await itemIn(wf.id, [sms]);
    const status = await database.db.transaction((tx) => disableWorkflow(tx, account, wf.id, 'Maria'));
    expect(status).toBe('DISABLED');
    expect((await itemNow(other.id)).status).toBe('ABORTED');
    await drive(other.id, { now: () => newYorkAt(10) }, 1);
    expect(await database.db.select().from(telephonyAttempts).where(eq(telephonyAttempts.toNumber, other.phone))).toEqual([]);
  });
});
