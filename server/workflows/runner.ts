/**
 * The workflow runner (issue 43): works an item through its tasks on the job queue. A job only
 * says "look at this item now" (server/workflows/queue.ts); what happens is decided from the
 * item's row, locked while deciding, so a job run twice, late, or in two processes at once does
 * nothing wrong.
 *
 * Each try of a task is a send through the outbox (server/telephony/outbox.ts) under the key
 * `workflow:<item>:<round>:<task>:<try>`, written in the same transaction that records the try on
 * the item: the send exists exactly when the item says it was made, and a key is never sent twice.
 * A crash after that commit leaves the send pending: it is closed as "outcome unknown" and never
 * sent again blindly; the item then times out. The carrier's report wakes the item (a trigger on
 * the attempts, migration 0044), and a poll while in flight catches what a wake missed.
 *
 * Before a try: the workflow must be running (paused, inactive: the item waits, and resuming
 * queues it again); the patient's local time must be inside the practice's calling hours (else it
 * waits for the next open minute); the patient's cap across the practice's workflows (7 calls and
 * 7 texts in 7 days) must not be reached; and the sending number's pace (one call and one text a
 * second) gives the try its slot.
 */
import { and, count, eq, gt, inArray, like, ne, sql } from 'drizzle-orm';
import { systemActors } from '../../domain/actors.ts';
import { clockOf, nextOpen, patientZone, type CallingHours } from '../../domain/calling-hours.ts';
import { callingHoursOf } from '../../domain/telephony-settings.ts';
import { placeholdersIn, type WorkflowTask } from '../../domain/workflows.ts';
import type { Db, Tx } from '../db/client.ts';
import { accounts, auditLog, taskWorkflowItemEvents, taskWorkflowItems, taskWorkflows, telephonyAttempts, telephonyPacing } from '../db/schema/index.ts';
import { auditedWrite } from '../db/write.ts';
import type { Deps } from '../env.ts';
import { TelephonyError } from '../integrations/telephony/port.ts';
import { interactionIdOf } from '../interactions/ingest.ts';
import { notify } from '../notifications/notify.ts';
import { dispatch, writeAttempt, type Attempt, type SendRequest } from '../telephony/outbox.ts';
import { platformNumberOf } from '../telephony/practice-settings.ts';
import { enqueueItems } from './queue.ts';
import { taskDelayMs } from './timing.ts';

type ItemRow = typeof taskWorkflowItems.$inferSelect;
type WorkflowRow = typeof taskWorkflows.$inferSelect;

export type RunnerOptions = {
  /** Tries of one task before it fails (a carrier's transient failure: busy, no answer, throttled). */
  maxTries: number;
  /** The wait before the second try; each later one waits twice as long (demo-scaled like delays). */
  backoffMs: number;
  /** No new try of a task starts this long after its first (demo-scaled). */
  taskDeadlineMs: number;
  /** A send the carrier has not settled this long after it was made times the item out. */
  inFlightTimeoutMs: { call: number; message: number };
  /** A send still pending (written, the carrier's answer never recorded) this long: its process died; outcome unknown. */
  strandedAfterMs: number;
  /** The per-patient cap across all the practice's workflows, per kind, in `capWindowMs`. */
  capPerKind: number;
  capWindowMs: number;
  /** The time between two sends of one kind from one number. */
  paceMs: number;
  /** How far ahead a try waits for its pace slot in the job itself; further, the job comes back at the slot. */
  paceWaitMs: number;
  now: () => Date;
  /**
   * 'ignore': no calling window at all. Only for the crash test's and the bench's runner processes
   * (server/workflows/runner-process.ts), which must finish at any hour: for half an hour a day
   * (11:00 to 11:30 UTC) no North American patient may be called. Never read from configuration.
   */
  callingWindow?: 'patient' | 'ignore';
};

export const defaultRunnerOptions: RunnerOptions = {
  maxTries: 3,
  backoffMs: 5 * 60_000,
  taskDeadlineMs: 24 * 3_600_000,
  inFlightTimeoutMs: { call: 15 * 60_000, message: 4 * 3_600_000 },
  strandedAfterMs: 60_000,
  capPerKind: 7,
  capWindowMs: 7 * 86_400_000,
  paceMs: 1_000,
  paceWaitMs: 2_000,
  now: () => new Date(),
};

/** The carrier's final statuses that end a task well. */
const succeeded = new Set(['completed', 'delivered']);
/** Settled, not well, and worth another try (nothing reached the patient, or it may next time). */
const transient = new Set(['busy', 'no-answer', 'failed', 'canceled', 'undelivered']);
/** Refusals (nothing sent) that another try may get past. */
const transientRefusals = new Set([new TelephonyError('throttled').message, new TelephonyError('unavailable').message]);
const inFlight = new Set(['pending', 'sent', 'queued', 'ringing', 'in-progress', 'sending']);

const kindOf = (task: WorkflowTask): 'call' | 'message' => (task.name === 'sendSMS' ? 'message' : 'call');
const taskLabel = (task: WorkflowTask) => (task.name === 'sendSMS' ? 'text message' : task.name === 'jotformCall' ? 'form call' : 'call');

export const sendKey = (item: Pick<ItemRow, 'id' | 'round' | 'currentTask' | 'attempt'>) => `workflow:${item.id}:${item.round}:${item.currentTask}:${item.attempt}`;

/** A text with the item's fields in its `{{placeholders}}` (an empty field reads as nothing). */
export function renderText(text: string, item: Pick<ItemRow, 'generalInfo'>): string {
  const fields = item.generalInfo as unknown as Record<string, unknown>;
  let out = text;
  for (const name of placeholdersIn(text)) out = out.replace(new RegExp(`\\{\\{\\s*${name}\\s*\\}\\}`, 'g'), fields[name] === null || fields[name] === undefined ? '' : String(fields[name]));
  return out;
}

/** The practice's calling hours (its telephony settings, inside 8:00 to 21:00) and time zone. */
async function practiceHoursOf(tx: Tx, accountId: string): Promise<{ hours: CallingHours; zone: string }> {
  const [account] = await tx.select({ config: accounts.config, timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, accountId));
  return { hours: callingHoursOf((account?.config ?? {}) as Record<string, unknown>), zone: account?.timeZone ?? 'America/New_York' };
}

type Step = { kind: 'none' } | { kind: 'send'; request: SendRequest; attempt: Attempt; paceUntil: Date | null };

/** Runs one look at an item: decides under its lock, then (outside it) asks the carrier when a send was written. */
export async function runItem(deps: Pick<Deps, 'db' | 'telephony' | 'publicUrl' | 'workflowSecondsPerDay'>, payload: { accountId: string; itemId: string }, options: RunnerOptions = defaultRunnerOptions): Promise<void> {
  const { db } = deps;
  const step = await auditedWrite(db, { accountId: payload.accountId, actor: systemActors.workflowRunner }, ({ tx, accountId }) => decide(tx, deps, accountId, payload.itemId, options));
  if (step.kind !== 'send' || !deps.telephony) return;
  if (step.paceUntil) {
    const wait = step.paceUntil.getTime() - options.now().getTime();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  await dispatch(db, deps.telephony, deps.publicUrl ?? 'http://localhost', step.request, step.attempt);
}

async function event(tx: Tx, item: ItemRow, kind: typeof taskWorkflowItemEvents.$inferInsert.kind, detail: string, more: { attemptId?: string | null; interactionId?: string | null } = {}) {
  await tx.insert(taskWorkflowItemEvents).values({ accountId: item.accountId, itemId: item.id, taskIndex: item.currentTask, kind, detail, ...more });
}

async function update(tx: Tx, item: ItemRow, set: Partial<typeof taskWorkflowItems.$inferInsert>) {
  await tx
    .update(taskWorkflowItems)
    .set({ ...set, modifiedBy: systemActors.workflowRunner.name, modifiedTimestamp: new Date(), version: sql`${taskWorkflowItems.version} + 1` })
    .where(and(eq(taskWorkflowItems.accountId, item.accountId), eq(taskWorkflowItems.id, item.id)));
}

/** Waits until `at` (the job comes back then), saying why when the reason changed. */
async function hold(tx: Tx, item: ItemRow, at: Date | null, reason: string | null) {
  if (reason !== null && reason !== item.heldReason) await event(tx, item, 'held', reason);
  await update(tx, item, { nextAttemptAt: at, heldReason: reason });
  if (at) await enqueueItems(tx, [{ accountId: item.accountId, itemId: item.id, runAt: at }]);
}

const scaled = (ms: number, secondsPerDay?: number) => (secondsPerDay && secondsPerDay > 0 ? Math.round((ms / 86_400_000) * secondsPerDay * 1000) : ms);

async function decide(tx: Tx, deps: Pick<Deps, 'telephony' | 'workflowSecondsPerDay'>, accountId: string, itemId: string, options: RunnerOptions): Promise<Step> {
  const [item] = await tx
    .select()
    .from(taskWorkflowItems)
    .where(and(eq(taskWorkflowItems.accountId, accountId), eq(taskWorkflowItems.id, itemId)))
    .for('update');
  if (!item || item.status !== 'RUNNING' || item.currentTask === null) return { kind: 'none' };
  const [workflow] = await tx
    .select()
    .from(taskWorkflows)
    .where(and(eq(taskWorkflows.accountId, accountId), eq(taskWorkflows.id, item.workflowId)));
  if (!workflow) return { kind: 'none' };
  const now = options.now();
  const task = item.tasks[item.currentTask]!;
  const key = sendKey(item);
  const [current] = await tx
    .select()
    .from(telephonyAttempts)
    .where(and(eq(telephonyAttempts.accountId, accountId), eq(telephonyAttempts.key, key)));

  // A try under way (or settled): follow it, whatever the workflow's status (a send made is a send made).
  if (current) {
    await follow(tx, deps, item, workflow, task, current, now, options);
    return { kind: 'none' };
  }

  if (workflow.status === 'PAUSED' || workflow.status === 'INACTIVE') {
    await hold(tx, item, item.nextAttemptAt, workflow.status === 'PAUSED' ? 'The workflow is paused: the item runs when it is resumed' : 'The workflow is inactive: the item runs when it is activated');
    return { kind: 'none' };
  }
  if (workflow.status === 'DISABLED' || workflow.status === 'DISABLING') return { kind: 'none' };
  if (workflow.status === 'MANUAL' && item.nextAttemptAt === null) return { kind: 'none' };
  // An early job (a wake, a replaced run time): the item's own time decides.
  if (item.nextAttemptAt && item.nextAttemptAt.getTime() > now.getTime() + 250) {
    await enqueueItems(tx, [{ accountId, itemId, runAt: item.nextAttemptAt }]);
    return { kind: 'none' };
  }
  const started = item.taskStartedAt ?? now;
  if (item.attempt > 0 && now.getTime() - started.getTime() > scaled(options.taskDeadlineMs, deps.workflowSecondsPerDay)) {
    await end(tx, item, 'FAILED', `The ${taskLabel(task)} could not be made within its deadline`);
    return { kind: 'none' };
  }

  // The calling window, in the patient's local time.
  const { hours, zone: practiceZone } = await practiceHoursOf(tx, accountId);
  const patient = patientZone({ address: item.generalInfo.address, phone: item.phone }, practiceZone);
  const open = options.callingWindow === 'ignore' ? (item.pacedAt ?? now) : nextOpen(item.pacedAt ?? now, patient.zone, hours);
  if (open.getTime() > (item.pacedAt ?? now).getTime()) {
    await hold(tx, item, open, `Outside calling hours (${clockOf(hours.startMinute)} to ${clockOf(hours.endMinute)} in the patient's time, ${patient.zone.replace(/_/g, ' ')}, from the ${patient.from}): waits until they open`);
    await update(tx, item, { pacedAt: null });
    return { kind: 'none' };
  }

  // The patient's cap across the practice's workflows.
  const kind = kindOf(task);
  const since = new Date(now.getTime() - options.capWindowMs);
  const [made] = await tx
    .select({ n: count(), oldest: sql<string | null>`min(${telephonyAttempts.createdAt})` })
    .from(telephonyAttempts)
    .where(
      and(
        eq(telephonyAttempts.accountId, accountId),
        eq(telephonyAttempts.toNumber, item.phone),
        eq(telephonyAttempts.kind, kind),
        like(telephonyAttempts.key, 'workflow:%'),
        ne(telephonyAttempts.status, 'refused'),
        gt(telephonyAttempts.createdAt, since),
      ),
    );
  if ((made?.n ?? 0) >= options.capPerKind) {
    const until = new Date(new Date(made!.oldest!).getTime() + options.capWindowMs + 1000);
    await hold(tx, item, until, `This patient had ${options.capPerKind} ${kind === 'call' ? 'calls' : 'texts'} from the practice's workflows in 7 days: waits until fewer`);
    return { kind: 'none' };
  }

  const from = ('sourceNumber' in (task.variables ?? {}) && (task.variables as { sourceNumber?: string }).sourceNumber) || (await platformNumberOf(tx, accountId));
  if (!from) {
    await end(tx, item, 'FAILED', 'The practice has no number to call or text from: choose one under Telephony');
    return { kind: 'none' };
  }
  const fromE164 = from.startsWith('+') ? from : `+1${from.replace(/\D/g, '').slice(-10)}`;
  const destination = (task.variables as { destinationNumber?: string } | undefined)?.destinationNumber;
  const to = destination ? `+1${destination.replace(/\D/g, '').slice(-10)}` : item.phone;

  // Pacing: the sending number's next slot, reserved once per try.
  let paceUntil: Date | null = null;
  if (!item.pacedAt) {
    const [slot] = await tx
      .insert(telephonyPacing)
      .values({ accountId, fromNumber: fromE164, kind, nextAt: new Date(now.getTime() + options.paceMs) })
      .onConflictDoUpdate({
        target: [telephonyPacing.accountId, telephonyPacing.fromNumber, telephonyPacing.kind],
        set: { nextAt: sql`greatest(${telephonyPacing.nextAt}, ${now.toISOString()}::timestamptz) + make_interval(secs => ${options.paceMs / 1000})` },
      })
      .returning({ nextAt: telephonyPacing.nextAt });
    const at = new Date(slot!.nextAt.getTime() - options.paceMs);
    if (at.getTime() - now.getTime() > options.paceWaitMs) {
      // Far ahead: come back at the slot (the window is checked again then).
      await update(tx, item, { pacedAt: at });
      await hold(tx, item, at, `Paced: one ${kind === 'call' ? 'call' : 'text'} a second from ${fromE164}`);
      return { kind: 'none' };
    }
    if (at.getTime() > now.getTime()) paceUntil = at;
  }

  const text = task.name === 'sendSMS' ? renderText((task.variables as { text: string }).text, item) : undefined;
  const request: SendRequest = { accountId, key, kind, from: fromE164, to, ...(text !== undefined ? { body: text } : {}) };
  const attempt = await writeAttempt(tx, request);
  if (!attempt) return { kind: 'none' };
  await update(tx, item, { taskStartedAt: started, nextAttemptAt: null, heldReason: null, pacedAt: null });
  await event(tx, item, 'sent', `${task.name === 'sendSMS' ? 'Text' : task.name === 'jotformCall' ? 'Form call' : 'Call'} ${item.attempt + 1} of ${options.maxTries} to the patient from ${fromE164}`, { attemptId: attempt.id });
  // Follow it: a poll in case the carrier's report (which wakes the item) is lost.
  await enqueueItems(tx, [{ accountId, itemId, runAt: new Date(now.getTime() + 30_000) }]);
  if (attempt.status === 'refused') {
    // Refused before the carrier was asked (opted out, not a domestic number): said on the item's page now.
    const [refused] = await tx.select().from(telephonyAttempts).where(and(eq(telephonyAttempts.accountId, accountId), eq(telephonyAttempts.id, attempt.id)));
    await follow(tx, deps, { ...item, taskStartedAt: started }, workflow, task, refused!, now, options);
    return { kind: 'none' };
  }
  return { kind: 'send', request, attempt, paceUntil };
}

/** What a try's send says: the task done (next task or success), another try, a failure, a timeout, or keep waiting. */
async function follow(
  tx: Tx,
  deps: Pick<Deps, 'workflowSecondsPerDay'>,
  item: ItemRow,
  workflow: WorkflowRow,
  task: WorkflowTask,
  attempt: typeof telephonyAttempts.$inferSelect,
  now: Date,
  options: RunnerOptions,
): Promise<void> {
  const kind = kindOf(task);
  const age = now.getTime() - attempt.createdAt.getTime();
  if (attempt.status === 'pending' && age > options.strandedAfterMs) {
    // Written, never answered: the process that sent it died. Never sent again (the carrier's report, if any, still lands).
    await tx
      .update(telephonyAttempts)
      .set({ status: 'outcome_unknown', reason: new TelephonyError('outcome_unknown').message, updatedAt: sql`now()` })
      .where(and(eq(telephonyAttempts.accountId, item.accountId), eq(telephonyAttempts.id, attempt.id), eq(telephonyAttempts.status, 'pending')));
    attempt = { ...attempt, status: 'outcome_unknown' };
  }
  if (succeeded.has(attempt.status)) {
    await event(tx, item, 'outcome', `${attempt.status === 'completed' ? 'Answered' : 'Delivered'}`, { attemptId: attempt.id, interactionId: callOf(attempt) });
    const next = item.currentTask! + 1;
    if (next >= item.tasks.length) {
      await update(tx, item, { status: 'SUCCEEDED', currentTask: null, nextAttemptAt: null, heldReason: null, attempt: 0, taskStartedAt: null, pacedAt: null });
      await event(tx, { ...item, currentTask: null }, 'succeeded', 'Every task done');
      return;
    }
    const due = new Date(now.getTime() + taskDelayMs(item.tasks[next]!, deps.workflowSecondsPerDay));
    await update(tx, item, { currentTask: next, attempt: 0, taskStartedAt: null, pacedAt: null, nextAttemptAt: due, heldReason: null });
    await event(tx, { ...item, currentTask: next }, 'scheduled', `Due ${due.toISOString()}`);
    if (workflow.status !== 'PAUSED' && workflow.status !== 'INACTIVE') await enqueueItems(tx, [{ accountId: item.accountId, itemId: item.id, runAt: due }]);
    return;
  }
  const retryable = transient.has(attempt.status) || (attempt.status === 'refused' && attempt.reason !== null && transientRefusals.has(attempt.reason));
  if (retryable || attempt.status === 'refused') {
    const said = attempt.status === 'refused' ? (attempt.reason ?? 'Refused') : `The carrier said: ${attempt.status.replace('-', ' ')}`;
    await event(tx, item, 'outcome', said, { attemptId: attempt.id, interactionId: callOf(attempt) });
    const tries = item.attempt + 1;
    const started = item.taskStartedAt ?? now;
    const wait = scaled(options.backoffMs * 2 ** (tries - 1), deps.workflowSecondsPerDay);
    const deadline = started.getTime() + scaled(options.taskDeadlineMs, deps.workflowSecondsPerDay);
    if (retryable && tries < options.maxTries && now.getTime() + wait < deadline) {
      const at = new Date(now.getTime() + wait);
      await update(tx, item, { attempt: tries, nextAttemptAt: at, heldReason: null, pacedAt: null });
      await event(tx, item, 'retrying', `Try ${tries + 1} of ${options.maxTries} at ${at.toISOString()}`);
      await enqueueItems(tx, [{ accountId: item.accountId, itemId: item.id, runAt: at }]);
      return;
    }
    await end(tx, item, 'FAILED', retryable ? `The ${taskLabel(task)} failed ${tries} times: ${said}` : said);
    return;
  }
  if (attempt.status === 'outcome_unknown') {
    await end(tx, item, 'TIMED_OUT', `The carrier never confirmed the ${taskLabel(task)}; it is not made again, so the patient is never reached twice`);
    return;
  }
  if (inFlight.has(attempt.status)) {
    const timeout = options.inFlightTimeoutMs[kind];
    if (age > timeout) {
      await end(tx, item, 'TIMED_OUT', `The carrier did not settle the ${taskLabel(task)} within ${Math.round(timeout / 60_000)} minutes`);
      return;
    }
    // Poll, slower as it ages (a report wakes the item sooner).
    const next = Math.min(30_000, Math.max(1_000, age / 2), timeout - age + 100);
    await enqueueItems(tx, [{ accountId: item.accountId, itemId: item.id, runAt: new Date(now.getTime() + next) }]);
  }
}

/** The call in the call history a call attempt made (the carrier took it), or null. */
const callOf = (attempt: typeof telephonyAttempts.$inferSelect) => (attempt.kind === 'call' && attempt.carrierId && attempt.status !== 'refused' ? interactionIdOf(attempt.accountId, attempt.carrierId) : null);

/** Ends an item (failed, timed out), telling the workflow's creator when it failed. */
async function end(tx: Tx, item: ItemRow, status: 'FAILED' | 'TIMED_OUT', reason: string) {
  await update(tx, item, { status, nextAttemptAt: null, heldReason: null, pacedAt: null });
  await event(tx, item, status === 'FAILED' ? 'failed' : 'timed_out', reason);
  const [created] = await tx
    .select({ actorId: auditLog.actorId })
    .from(auditLog)
    .where(and(eq(auditLog.accountId, item.accountId), eq(auditLog.resourceType, 'Workflow'), eq(auditLog.resourceId, item.workflowId), inArray(auditLog.action, ['create'])))
    .limit(1);
  if (created?.actorId) {
    await notify(tx, {
      accountId: item.accountId,
      userIds: [created.actorId],
      title: status === 'FAILED' ? 'A workflow item failed' : 'A workflow item timed out',
      message: `${item.patientName}: ${reason}`,
      jumpPath: `/workflows/${item.workflowId}/items/${item.id}`,
    });
  }
}

/** Queues every running item of a workflow that was waiting on its status (resumed, activated). */
export async function resumeItems(tx: Db | Tx, accountId: string, workflowId: string, now = new Date()): Promise<number> {
  const rows = await tx
    .update(taskWorkflowItems)
    .set({ heldReason: null, nextAttemptAt: sql`greatest(coalesce(${taskWorkflowItems.nextAttemptAt}, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz)` })
    .where(and(eq(taskWorkflowItems.accountId, accountId), eq(taskWorkflowItems.workflowId, workflowId), eq(taskWorkflowItems.status, 'RUNNING')))
    .returning({ id: taskWorkflowItems.id, nextAttemptAt: taskWorkflowItems.nextAttemptAt });
  await enqueueItems(
    tx,
    rows.map((row) => ({ accountId, itemId: row.id, runAt: row.nextAttemptAt ?? now })),
  );
  if (rows.length > 0) {
    await tx.insert(taskWorkflowItemEvents).values(rows.map((row) => ({ accountId, itemId: row.id, taskIndex: null, kind: 'resumed' as const, detail: 'The workflow runs again' })));
  }
  return rows.length;
}

/** Sends of a workflow's items still in flight (written, not settled by the carrier). */
async function inFlightSends(tx: Db | Tx, accountId: string, workflowId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(telephonyAttempts)
    .innerJoin(taskWorkflowItems, and(eq(taskWorkflowItems.accountId, telephonyAttempts.accountId), sql`split_part(${telephonyAttempts.key}, ':', 2) = ${taskWorkflowItems.id}::text`))
    .where(and(eq(telephonyAttempts.accountId, accountId), like(telephonyAttempts.key, 'workflow:%'), eq(taskWorkflowItems.workflowId, workflowId), inArray(telephonyAttempts.status, [...inFlight])));
  return row?.n ?? 0;
}

export const FINISH_DISABLING = 'workflows.finish-disabling';

/**
 * Disabling a workflow (spec §4): its running items are aborted at once; while a send of one is
 * still with the carrier the workflow stays DISABLING, and becomes DISABLED once none is (checked
 * again every few seconds by FINISH_DISABLING). Answers the status it has now.
 */
export async function disableWorkflow(tx: Tx, accountId: string, workflowId: string, actorName: string): Promise<'DISABLED' | 'DISABLING'> {
  const aborted = await tx
    .update(taskWorkflowItems)
    .set({ status: 'ABORTED', nextAttemptAt: null, heldReason: null, pacedAt: null, modifiedBy: actorName, modifiedTimestamp: new Date(), version: sql`${taskWorkflowItems.version} + 1` })
    .where(and(eq(taskWorkflowItems.accountId, accountId), eq(taskWorkflowItems.workflowId, workflowId), eq(taskWorkflowItems.status, 'RUNNING')))
    .returning({ id: taskWorkflowItems.id, currentTask: taskWorkflowItems.currentTask });
  if (aborted.length > 0) {
    await tx.insert(taskWorkflowItemEvents).values(aborted.map((row) => ({ accountId, itemId: row.id, taskIndex: row.currentTask, kind: 'aborted' as const, detail: 'The workflow was disabled' })));
    await tx.execute(sql`select graphile_worker.remove_job('workflow-item:' || id) from unnest(${sql.raw(`array[${aborted.map((row) => `'${row.id}'`).join(',')}]`)}::text[]) id`);
  }
  if ((await inFlightSends(tx, accountId, workflowId)) === 0) return 'DISABLED';
  await tx.execute(sql`select graphile_worker.add_job(${FINISH_DISABLING}, json_build_object('accountId', ${accountId}::text, 'workflowId', ${workflowId}::text), run_at => now() + interval '5 seconds', job_key => ${`workflow-disabling:${workflowId}`})`);
  return 'DISABLING';
}

/** A DISABLING workflow whose sends have all settled becomes DISABLED; else it is looked at again in 5 seconds. */
export async function finishDisabling(db: Db, payload: { accountId: string; workflowId: string }): Promise<void> {
  await auditedWrite(db, { accountId: payload.accountId, actor: systemActors.workflowRunner }, async ({ tx, accountId, audit }) => {
    const [workflow] = await tx
      .select()
      .from(taskWorkflows)
      .where(and(eq(taskWorkflows.accountId, accountId), eq(taskWorkflows.id, payload.workflowId)))
      .for('update');
    if (workflow?.status !== 'DISABLING') return;
    if ((await inFlightSends(tx, accountId, workflow.id)) > 0) {
      await tx.execute(sql`select graphile_worker.add_job(${FINISH_DISABLING}, json_build_object('accountId', ${accountId}::text, 'workflowId', ${workflow.id}::text), run_at => now() + interval '5 seconds', job_key => ${`workflow-disabling:${workflow.id}`})`);
      return;
    }
    await tx
      .update(taskWorkflows)
      .set({ status: 'DISABLED', modifiedBy: systemActors.workflowRunner.name, modifiedTimestamp: new Date(), version: sql`${taskWorkflows.version} + 1` })
      .where(and(eq(taskWorkflows.accountId, accountId), eq(taskWorkflows.id, workflow.id)));
    await audit({ action: 'update', resourceType: 'Workflow', resourceId: workflow.id, before: { status: 'DISABLING' }, after: { status: 'DISABLED' } });
  });
}
