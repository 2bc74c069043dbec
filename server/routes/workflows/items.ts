import { and, asc, count, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  cleanGeneralInfo,
  generalInfoSchema,
  itemFilterSchema,
  itemMessages,
  itemPhone,
  itemSortColumns,
  workflowItemBatchSchema,
  workflowItemCreateSchema,
  workflowItemStatuses,
  type ItemSource,
  type Workflow,
  type WorkflowItem,
  type WorkflowItemBatchResult,
  type WorkflowItemDetail,
  type WorkflowItemStatus,
} from '../../../domain/workflows.ts';
import { listOffset, listQuerySchema } from '../../../domain/list-query.ts';
import { recordReads } from '../../access-log.ts';
import { requires } from '../../auth/requires.ts';
import type { Db, Tx } from '../../db/client.ts';
import { persons, taskWorkflowItemEvents, taskWorkflowItems, taskWorkflows } from '../../db/schema/index.ts';
import type { WriteScope } from '../../db/write.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError, badRequest } from '../../errors.ts';
import { anyBodyMaxBytes, found, idParam, jsonLimit, requestTooLarge } from '../../records.ts';
import { bodyLimit } from 'hono/body-limit';
import { fieldErrors, json, param, query } from '../../validate.ts';
import { dequeueItems, enqueueItems } from '../../workflows/queue.ts';
import { dueAfter } from '../../workflows/timing.ts';
import { write } from '../../write.ts';

type ItemRow = typeof taskWorkflowItems.$inferSelect;
type WorkflowRow = typeof taskWorkflows.$inferSelect;

export const presentItem = (row: ItemRow): WorkflowItem => ({
  resourceType: 'WorkflowItem',
  id: row.id,
  accountId: row.accountId,
  taskWorkflowId: row.workflowId,
  status: row.status,
  currentTask: row.currentTask,
  tasks: row.tasks,
  source: row.source,
  generalInfo: row.generalInfo,
  personId: row.personId,
  nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  heldReason: row.heldReason,
  createdTimestamp: row.createdTimestamp.toISOString(),
  modifiedTimestamp: row.modifiedTimestamp.toISOString(),
  createdBy: row.createdBy,
  modifiedBy: row.modifiedBy,
  version: row.version,
});

/** Every status counted, at zero when none. */
const zeroCounts = () => Object.fromEntries(workflowItemStatuses.map((status) => [status, 0])) as Record<WorkflowItemStatus, number>;

/** How many items of each workflow are in each status (the list's "items by status"). */
export async function itemCountsOf(db: Db | Tx, accountId: string, workflowIds: readonly string[]): Promise<Map<string, Workflow['itemCounts']>> {
  const counts = new Map(workflowIds.map((id) => [id, zeroCounts()]));
  if (workflowIds.length === 0) return counts;
  const rows = await db
    .select({ workflowId: taskWorkflowItems.workflowId, status: taskWorkflowItems.status, n: count() })
    .from(taskWorkflowItems)
    .where(and(eq(taskWorkflowItems.accountId, accountId), inArray(taskWorkflowItems.workflowId, [...workflowIds])))
    .groupBy(taskWorkflowItems.workflowId, taskWorkflowItems.status);
  for (const row of rows) {
    const of = counts.get(row.workflowId);
    if (of && row.status in of) of[row.status] = row.n;
  }
  return counts;
}

/** Why an item added to a workflow in this status waits, or null when it runs on its own. */
export const heldBy = (status: WorkflowRow['status']): string | null =>
  status === 'PAUSED'
    ? 'The workflow is paused: the item runs when it is resumed'
    : status === 'INACTIVE'
      ? 'The workflow is inactive: the item runs when it is activated'
      : status === 'MANUAL'
        ? 'Waits to be started by hand'
        : null;

type NewItem = { generalInfo: ReturnType<typeof cleanGeneralInfo>; personId: string | null };

/** What an item naming a person outside the account (or no person at all) is told. */
const personUnknown = 'Person does not exist';

/** Which of `ids` are persons of the account: an item links only to a person the practice has. */
async function personsOfAccount(tx: Tx, accountId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: persons.id })
    .from(persons)
    .where(and(eq(persons.accountId, accountId), inArray(persons.id, [...new Set(ids)])));
  return new Set(rows.map((row) => row.id));
}

/**
 * Adds items to a workflow in the caller's write: each with the workflow's tasks as they are now,
 * its first task due after its delay, its job queued in the same transaction (an ACTIVE workflow's;
 * a paused, inactive or manual workflow's items wait, saying why). An item whose MRN and date of
 * birth are already in the workflow (or earlier in the same call) is skipped. Returns the rows written.
 */
export async function addItems(scope: WriteScope, workflow: WorkflowRow, items: readonly NewItem[], source: ItemSource, secondsPerDay?: number): Promise<ItemRow[]> {
  if (items.length === 0) return [];
  const { tx, accountId, actorName } = scope;
  const now = new Date();
  const held = heldBy(workflow.status);
  const due = dueAfter(workflow.tasks[0]!, now, secondsPerDay);
  const rows = await tx
    .insert(taskWorkflowItems)
    .values(
      items.map(({ generalInfo, personId }) => ({
        accountId,
        workflowId: workflow.id,
        status: 'RUNNING' as const,
        currentTask: 0,
        tasks: workflow.tasks,
        source,
        generalInfo,
        personId,
        patientName: generalInfo.patientName,
        phone: itemPhone(generalInfo),
        mrn: generalInfo.mrn,
        dob: generalInfo.dob,
        nextAttemptAt: workflow.status === 'MANUAL' ? null : due,
        heldReason: held,
        createdBy: actorName,
        modifiedBy: actorName,
      })),
    )
    .onConflictDoNothing()
    .returning();
  if (rows.length === 0) return rows;
  await tx.insert(taskWorkflowItemEvents).values(
    rows.map((row) => ({ accountId, itemId: row.id, taskIndex: 0, kind: 'added' as const, detail: held ?? `Added; the first task is due ${due.toISOString()}` })),
  );
  if (workflow.status === 'ACTIVE') await enqueueItems(tx, rows.map((row) => ({ accountId, itemId: row.id, runAt: due })));
  return rows;
}

/** The running items of a workflow that stopped running say why they wait (their jobs find it so too). */
export async function holdItems(tx: Tx, accountId: string, workflowId: string, reason: string): Promise<void> {
  await tx
    .update(taskWorkflowItems)
    .set({ heldReason: reason })
    .where(and(eq(taskWorkflowItems.accountId, accountId), eq(taskWorkflowItems.workflowId, workflowId), eq(taskWorkflowItems.status, 'RUNNING')));
}

async function workflowOf(db: Db | Tx, accountId: string, id: string, lock = false) {
  const q = db.select().from(taskWorkflows).where(and(eq(taskWorkflows.accountId, accountId), eq(taskWorkflows.id, id)));
  const [row] = lock ? await q.for('share') : await q;
  return row ?? null;
}

async function itemOf(db: Db | Tx, accountId: string, id: string, lock = false) {
  const q = db.select().from(taskWorkflowItems).where(and(eq(taskWorkflowItems.accountId, accountId), eq(taskWorkflowItems.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** A disabled (or disabling) workflow takes no new item and retries none. */
function takesItems(workflow: WorkflowRow) {
  if (workflow.status === 'DISABLED' || workflow.status === 'DISABLING') throw new ApiError(409, 'conflict', itemMessages.workflowEnded);
}

const itemListQuery = v.object({
  ...listQuerySchema(itemSortColumns).entries,
  status: v.fallback(v.optional(v.picklist(workflowItemStatuses)), undefined),
});

/** The items a filter (the list's status and text) picks in a workflow. */
function itemFilter(accountId: string, workflowId: string, filter: { status?: WorkflowItemStatus | undefined; q?: string | undefined }): SQL {
  const parts: (SQL | undefined)[] = [eq(taskWorkflowItems.accountId, accountId), eq(taskWorkflowItems.workflowId, workflowId)];
  if (filter.status) parts.push(eq(taskWorkflowItems.status, filter.status));
  const q = filter.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const digits = q.replace(/\D/g, '');
    parts.push(or(ilike(taskWorkflowItems.patientName, like), ilike(taskWorkflowItems.mrn, like), digits.length >= 3 ? sql`${taskWorkflowItems.phone} like ${`%${digits}%`}` : undefined));
  }
  return and(...parts)!;
}

const sortColumns: Record<string, (AnyColumn | SQL)[]> = {
  created: [taskWorkflowItems.createdTimestamp],
  patientName: [sql`lower(${taskWorkflowItems.patientName})`],
  status: [taskWorkflowItems.status],
  nextAttempt: [taskWorkflowItems.nextAttemptAt],
};

/** A batch of up to 1,000 items (a CSV's rows) is larger than a record's body: up to the API's 2 MB. */
const batchLimit = bodyLimit({
  maxSize: anyBodyMaxBytes,
  onError: () => {
    throw requestTooLarge();
  },
});

const itemIdParam = param(v.object({ itemId: v.pipe(v.string(), v.uuid()) }));

/** Ends (aborts) running items: their waiting jobs removed; a send under way ends on its own, and the runner then finds the item ended. */
async function abortItems(scope: WriteScope, where: SQL, detail: string): Promise<ItemRow[]> {
  const { tx, accountId, actorName } = scope;
  const rows = await tx
    .update(taskWorkflowItems)
    .set({ status: 'ABORTED', nextAttemptAt: null, heldReason: null, modifiedBy: actorName, modifiedTimestamp: new Date(), version: sql`${taskWorkflowItems.version} + 1` })
    .where(and(where, eq(taskWorkflowItems.status, 'RUNNING')))
    .returning();
  if (rows.length === 0) return rows;
  await tx.insert(taskWorkflowItemEvents).values(rows.map((row) => ({ accountId, itemId: row.id, taskIndex: row.currentTask, kind: 'aborted' as const, detail })));
  await dequeueItems(
    tx,
    rows.map((row) => row.id),
  );
  return rows;
}

/** Runs ended items again from the task they stopped at, in a new round (so the task's send is made again, once). */
async function retryItems(scope: WriteScope, workflow: WorkflowRow, where: SQL): Promise<ItemRow[]> {
  const { tx, accountId, actorName } = scope;
  const now = new Date();
  const held = heldBy(workflow.status);
  const rows = await tx
    .update(taskWorkflowItems)
    .set({
      status: 'RUNNING',
      round: sql`${taskWorkflowItems.round} + 1`,
      attempt: 0,
      taskStartedAt: null,
      nextAttemptAt: workflow.status === 'MANUAL' ? null : now,
      heldReason: held,
      modifiedBy: actorName,
      modifiedTimestamp: now,
      version: sql`${taskWorkflowItems.version} + 1`,
    })
    .where(and(where, inArray(taskWorkflowItems.status, ['FAILED', 'TIMED_OUT', 'ABORTED']), sql`${taskWorkflowItems.currentTask} is not null`))
    .returning();
  if (rows.length === 0) return rows;
  await tx.insert(taskWorkflowItemEvents).values(rows.map((row) => ({ accountId, itemId: row.id, taskIndex: row.currentTask, kind: 'retried' as const, detail: held ?? 'Retried by hand' })));
  if (workflow.status === 'ACTIVE') await enqueueItems(tx, rows.map((row) => ({ accountId, itemId: row.id, runAt: now })));
  return rows;
}

/**
 * A workflow's items (spec §3 Workflow item, §7 items getAll, create, batchCreate; issue 43). Items
 * carry patient data: each answer that shows them is in the access log. Read with the individual
 * workflow's GET, written with its POST.
 */
export const workflowItemRoutes = new Hono<AppEnv>()
  .get('/workflows/:id/items', requires('/workflows/{id}', 'GET'), idParam(), query(itemListQuery), async (c) => {
    const { id } = c.req.valid('param');
    const listQuery = c.req.valid('query');
    const db = c.var.deps.db;
    found(await workflowOf(db, c.var.account.id, id));
    const where = itemFilter(c.var.account.id, id, listQuery);
    const sort = sortColumns[listQuery.sort] ?? sortColumns.created!;
    const order = listQuery.sort in sortColumns ? listQuery.order : 'desc';
    const by = order === 'asc' ? asc : desc;
    const offset = listOffset(listQuery);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(taskWorkflowItems)
        .where(where)
        .orderBy(...sort.map((column) => by(column)), by(taskWorkflowItems.id))
        .limit(listQuery.limit)
        .offset(offset),
      db.select({ n: count() }).from(taskWorkflowItems).where(where),
    ]);
    recordReads(
      c,
      'WorkflowItem',
      'list',
      rows.map((row) => row.id),
    );
    return c.json({ items: rows.map(presentItem), total: total?.n ?? 0, limit: listQuery.limit, offset });
  })
  /**
   * The MRN and date of birth of every item of a workflow that has both: what a CSV import needs to
   * tell, before sending, which rows the workflow already holds (the duplicates the batch skips).
   * MRNs are patient data: every item answered is in the access log, as the list's are.
   */
  .get('/workflows/:id/items/keys', requires('/workflows/{id}', 'GET'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.deps.db;
    found(await workflowOf(db, c.var.account.id, id));
    const rows = await db
      .select({ id: taskWorkflowItems.id, mrn: taskWorkflowItems.mrn, dob: taskWorkflowItems.dob })
      .from(taskWorkflowItems)
      .where(and(eq(taskWorkflowItems.accountId, c.var.account.id), eq(taskWorkflowItems.workflowId, id), sql`${taskWorkflowItems.mrn} is not null and ${taskWorkflowItems.dob} is not null`));
    recordReads(
      c,
      'WorkflowItem',
      'list',
      rows.map((row) => row.id),
    );
    return c.json({ items: rows.map((row) => ({ mrn: row.mrn!, dob: row.dob! })), total: rows.length });
  })
  .post('/workflows/:id/items', requires('/workflows/{id}', 'POST'), idParam(), jsonLimit, json(workflowItemCreateSchema), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const created = await write(c, async (scope) => {
      const workflow = found(await workflowOf(scope.tx, scope.accountId, id, true));
      takesItems(workflow);
      if (body.personId && !(await personsOfAccount(scope.tx, scope.accountId, [body.personId])).has(body.personId)) throw badRequest(personUnknown, { personId: personUnknown });
      const [row] = await addItems(scope, workflow, [{ generalInfo: cleanGeneralInfo(body.generalInfo), personId: body.personId ?? null }], body.source, c.var.deps.workflowSecondsPerDay);
      if (!row) throw new ApiError(409, 'conflict', 'An item with this MRN and date of birth is already in the workflow', { mrn: 'An item with this MRN and date of birth is already in the workflow' });
      const item = presentItem(row);
      await scope.audit({ action: 'create', resourceType: 'WorkflowItem', resourceId: row.id, after: item });
      return item;
    });
    return c.json(created, 201);
  })
  .post('/workflows/:id/items/batch', requires('/workflows/{id}', 'POST'), idParam(), batchLimit, json(workflowItemBatchSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { items, source, rowOffset } = c.req.valid('json');
    const refused: WorkflowItemBatchResult['refused'] = [];
    const valid: (NewItem & { row: number })[] = [];
    items.forEach((raw, index) => {
      const row = rowOffset + index + 1;
      const info = typeof raw === 'object' && raw !== null && 'generalInfo' in raw ? raw.generalInfo : undefined;
      const parsed = v.safeParse(generalInfoSchema, info ?? {});
      if (!parsed.success) {
        for (const [field, message] of Object.entries(fieldErrors(parsed.issues))) refused.push({ row, field: field === '_' ? 'generalInfo' : field, message });
        return;
      }
      const personId = typeof raw === 'object' && raw !== null && 'personId' in raw && typeof raw.personId === 'string' && /^[0-9a-f-]{36}$/i.test(raw.personId) ? raw.personId : null;
      valid.push({ generalInfo: cleanGeneralInfo(parsed.output), personId, row });
    });
    const result = await write(c, async (scope) => {
      const workflow = found(await workflowOf(scope.tx, scope.accountId, id, true));
      takesItems(workflow);
      const known = await personsOfAccount(
        scope.tx,
        scope.accountId,
        valid.flatMap((item) => (item.personId ? [item.personId] : [])),
      );
      const linked = valid.filter((item) => !item.personId || known.has(item.personId));
      for (const item of valid) if (item.personId && !known.has(item.personId)) refused.push({ row: item.row, field: 'personId', message: personUnknown });
      refused.sort((a, b) => a.row - b.row);
      const rows = await addItems(scope, workflow, linked, source, c.var.deps.workflowSecondsPerDay);
      const answer: WorkflowItemBatchResult = { created: rows.length, skipped: linked.length - rows.length, refused };
      await scope.audit({ action: 'create', resourceType: 'WorkflowItem', resourceId: null, after: { workflowId: id, created: answer.created, skipped: answer.skipped, refused: refused.length } });
      return answer;
    });
    return c.json(result, 201);
  })
  .post('/workflows/:id/items/abort', requires('/workflows/{id}', 'POST'), idParam(), jsonLimit, json(itemFilterSchema), async (c) => {
    const { id } = c.req.valid('param');
    const filter = c.req.valid('json');
    const changed = await write(c, async (scope) => {
      found(await workflowOf(scope.tx, scope.accountId, id, true));
      const rows = await abortItems(scope, itemFilter(scope.accountId, id, filter), 'Aborted by hand, with others matching a filter');
      if (rows.length > 0) await scope.audit({ action: 'update', resourceType: 'WorkflowItem', resourceId: null, after: { workflowId: id, aborted: rows.length } });
      return rows.length;
    });
    return c.json({ changed });
  })
  .post('/workflows/:id/items/retry', requires('/workflows/{id}', 'POST'), idParam(), jsonLimit, json(itemFilterSchema), async (c) => {
    const { id } = c.req.valid('param');
    const filter = c.req.valid('json');
    const changed = await write(c, async (scope) => {
      const workflow = found(await workflowOf(scope.tx, scope.accountId, id, true));
      takesItems(workflow);
      const rows = await retryItems(scope, workflow, itemFilter(scope.accountId, id, filter));
      if (rows.length > 0) await scope.audit({ action: 'update', resourceType: 'WorkflowItem', resourceId: null, after: { workflowId: id, retried: rows.length } });
      return rows.length;
    });
    return c.json({ changed });
  })
  .get('/items/:itemId', requires('/workflows/{id}', 'GET'), itemIdParam, async (c) => {
    const { itemId } = c.req.valid('param');
    const db = c.var.deps.db;
    const row = found(await itemOf(db, c.var.account.id, itemId));
    const events = await db
      .select()
      .from(taskWorkflowItemEvents)
      .where(and(eq(taskWorkflowItemEvents.accountId, c.var.account.id), eq(taskWorkflowItemEvents.itemId, itemId)))
      .orderBy(asc(taskWorkflowItemEvents.at), asc(taskWorkflowItemEvents.id));
    recordReads(c, 'WorkflowItem', 'view', [itemId]);
    const detail: WorkflowItemDetail = {
      ...presentItem(row),
      events: events.map((event) => ({ id: event.id, at: event.at.toISOString(), taskIndex: event.taskIndex, kind: event.kind, detail: event.detail, interactionId: event.interactionId })),
    };
    return c.json(detail);
  })
  .post('/items/:itemId/abort', requires('/workflows/{id}', 'POST'), itemIdParam, async (c) => {
    const { itemId } = c.req.valid('param');
    const item = await write(c, async (scope) => {
      const row = found(await itemOf(scope.tx, scope.accountId, itemId, true));
      if (row.status !== 'RUNNING') throw new ApiError(409, 'conflict', itemMessages.notRunning);
      const [after] = await abortItems(scope, and(eq(taskWorkflowItems.accountId, scope.accountId), eq(taskWorkflowItems.id, itemId))!, 'Aborted by hand');
      await scope.audit({ action: 'update', resourceType: 'WorkflowItem', resourceId: itemId, before: presentItem(row), after: presentItem(after!) });
      return presentItem(after!);
    });
    return c.json(item);
  })
  .post('/items/:itemId/start', requires('/workflows/{id}', 'POST'), itemIdParam, async (c) => {
    const { itemId } = c.req.valid('param');
    const item = await write(c, async (scope) => {
      const row = found(await itemOf(scope.tx, scope.accountId, itemId, true));
      const workflow = found(await workflowOf(scope.tx, scope.accountId, row.workflowId, true));
      if (row.status !== 'RUNNING' || workflow.status !== 'MANUAL' || row.nextAttemptAt !== null) throw new ApiError(409, 'conflict', itemMessages.notWaiting);
      const now = new Date();
      const [after] = await scope.tx
        .update(taskWorkflowItems)
        .set({ nextAttemptAt: now, heldReason: null, modifiedBy: scope.actorName, modifiedTimestamp: now, version: sql`${taskWorkflowItems.version} + 1` })
        .where(and(eq(taskWorkflowItems.accountId, scope.accountId), eq(taskWorkflowItems.id, itemId)))
        .returning();
      await scope.tx.insert(taskWorkflowItemEvents).values({ accountId: scope.accountId, itemId, taskIndex: row.currentTask, kind: 'started', detail: `Started by hand by ${scope.actorName}` });
      await enqueueItems(scope.tx, [{ accountId: scope.accountId, itemId, runAt: now }]);
      await scope.audit({ action: 'update', resourceType: 'WorkflowItem', resourceId: itemId, before: presentItem(row), after: presentItem(after!) });
      return presentItem(after!);
    });
    return c.json(item);
  })
  .post('/items/:itemId/retry', requires('/workflows/{id}', 'POST'), itemIdParam, async (c) => {
    const { itemId } = c.req.valid('param');
    const item = await write(c, async (scope) => {
      const row = found(await itemOf(scope.tx, scope.accountId, itemId, true));
      const workflow = found(await workflowOf(scope.tx, scope.accountId, row.workflowId, true));
      takesItems(workflow);
      if (!['FAILED', 'TIMED_OUT', 'ABORTED'].includes(row.status) || row.currentTask === null) throw new ApiError(409, 'conflict', itemMessages.notEnded);
      const [after] = await retryItems(scope, workflow, and(eq(taskWorkflowItems.accountId, scope.accountId), eq(taskWorkflowItems.id, itemId))!);
      await scope.audit({ action: 'update', resourceType: 'WorkflowItem', resourceId: itemId, before: presentItem(row), after: presentItem(after!) });
      return presentItem(after!);
    });
    return c.json(item);
  });
