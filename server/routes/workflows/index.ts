import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  workflowCreateSchema,
  workflowItemStatuses,
  workflowMessages,
  workflowPatchSchema,
  workflowTransitions,
  type Workflow,
  type WorkflowItemStatus,
} from '../../../domain/workflows.ts';
import { requires } from '../../auth/requires.ts';
import type { Db, Tx } from '../../db/client.ts';
import { taskWorkflows } from '../../db/schema/index.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError } from '../../errors.ts';
import { editedVersion, expectedVersion, editable, found, idParam, jsonLimit, sent, updateVersioned } from '../../records.ts';
import { json } from '../../validate.ts';
import { write } from '../../write.ts';
import { heldBy, holdItems, itemCountsOf, workflowItemRoutes } from './items.ts';
import { workflowPeopleRoutes } from './people.ts';
import { disableWorkflow, resumeItems } from '../../workflows/runner.ts';
import { readTags, replaceTags, tagSet, tagsOf } from '../tags/record-tags.ts';
import type { RecordTag } from '../../../domain/tags.ts';

type Row = typeof taskWorkflows.$inferSelect;

/** Every status counted, at zero: a workflow without items. */
const noItems = () => Object.fromEntries(workflowItemStatuses.map((status) => [status, 0])) as Record<WorkflowItemStatus, number>;

export const presentWorkflow = (row: Row, tags: RecordTag[], itemCounts: Workflow['itemCounts'] = noItems()): Workflow => ({
  resourceType: 'Workflow',
  id: row.id,
  accountId: row.accountId,
  title: row.title,
  description: row.description,
  status: row.status,
  tasks: row.tasks,
  tags,
  itemCounts,
  createdTimestamp: row.createdTimestamp.toISOString(),
  modifiedTimestamp: row.modifiedTimestamp.toISOString(),
  createdBy: row.createdBy,
  modifiedBy: row.modifiedBy,
  version: row.version,
});

async function findWorkflow(db: Db | Tx, accountId: string, id: string, lock = false) {
  const query = db.select().from(taskWorkflows).where(and(eq(taskWorkflows.accountId, accountId), eq(taskWorkflows.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

const transitionRefused = (message: string) => new ApiError(409, 'conflict', message, { status: message });

/**
 * Task workflows (spec §2 "Workflows", §7's "task-workflows endpoint"; issue 43): a practice's
 * outreach definitions, listed by title, created, read and changed (a status change is a PATCH of
 * `status`, along the transitions of `workflowTransitions`). Their items (patient data) are in items.ts.
 */
export const workflowRoutes = new Hono<AppEnv>()
  .get('/workflows', requires('/workflows', 'GET'), async (c) => {
    const rows = await c.var.deps.db
      .select({ workflow: getTableColumns(taskWorkflows), tags: tagsOf('Workflow', taskWorkflows.id, taskWorkflows.accountId) })
      .from(taskWorkflows)
      .where(eq(taskWorkflows.accountId, c.var.account.id))
      .orderBy(asc(sql`lower(${taskWorkflows.title})`), asc(taskWorkflows.id));
    const counts = await itemCountsOf(c.var.deps.db, c.var.account.id, rows.map((row) => row.workflow.id));
    return c.json({ items: rows.map((row) => presentWorkflow(row.workflow, row.tags, counts.get(row.workflow.id))) });
  })
  .post('/workflows', requires('/workflows', 'POST'), jsonLimit, json(workflowCreateSchema), async (c) => {
    const { tags, ...body } = c.req.valid('json');
    const created = await write(c, async (scope) => {
      const { tx, audit, accountId, actorName } = scope;
      const [row] = await tx.insert(taskWorkflows).values({ ...body, accountId, createdBy: actorName, modifiedBy: actorName }).returning();
      await replaceTags(scope, 'Workflow', row!.id, tags);
      const workflow = presentWorkflow(row!, await readTags(tx, accountId, 'Workflow', row!.id));
      await audit({ action: 'create', resourceType: 'Workflow', resourceId: row!.id, after: workflow });
      return workflow;
    });
    return c.json(created, 201);
  })
  .get('/workflows/:id', requires('/workflows/{id}', 'GET'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    const { db } = c.var.deps;
    const row = found(await findWorkflow(db, c.var.account.id, id));
    return c.json(presentWorkflow(row, await readTags(db, c.var.account.id, 'Workflow', id), (await itemCountsOf(db, c.var.account.id, [id])).get(id)));
  })
  .patch('/workflows/:id', requires('/workflows/{id}', 'PATCH'), idParam(), jsonLimit, json(workflowPatchSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { version: sentVersion, tags, ...body } = c.req.valid('json');
    const expected = expectedVersion(c, sentVersion);
    const changes = sent(body);
    const updated = await write(c, async (scope) => {
      const { tx, audit, accountId, actorName, repeats } = scope;
      const current = found(await findWorkflow(tx, accountId, id, true));
      // Without a version the change applies to the current one (issue 44); with one, a stale one is refused (409).
      const edited = editedVersion(current, expected);
      const before = presentWorkflow(current, await readTags(tx, accountId, 'Workflow', id));
      // Tags compare as a set (any order, any case): the same set sent again is no change.
      const asked = tags ? { ...changes, tags: tagSet(tags) } : changes;
      if (await repeats({ resourceType: 'Workflow', resourceId: id, record: { ...current, tags: tagSet(before.tags) }, version: edited, changes: asked })) return before;
      editable(current, edited);
      if (changes.status !== undefined && changes.status !== current.status && !workflowTransitions[current.status].includes(changes.status)) {
        throw transitionRefused(workflowMessages.transition(current.status, changes.status));
      }
      const retagged = tags ? await replaceTags(scope, 'Workflow', id, tags) : false;
      // Only the tags sent, and they are the workflow's already: nothing changes (as an empty PATCH).
      if (!retagged && Object.keys(changes).length === 0) return before;
      const to = changes.status !== undefined && changes.status !== current.status ? changes.status : null;
      // Disabling aborts the running items; it ends at once while none of their sends is with the carrier, else passes through DISABLING (runner.ts).
      if (to === 'DISABLED') changes.status = await disableWorkflow(tx, accountId, id, actorName);
      const after = await updateVersioned({ tx, accountId, actorName }, taskWorkflows, { key: taskWorkflows.id, id, version: edited }, changes);
      // Resumed or activated: what fell due meanwhile runs now (its calling window checked again); paused: the items say so.
      if (to === 'ACTIVE') await resumeItems(tx, accountId, id);
      if (to === 'PAUSED' || to === 'INACTIVE') await holdItems(tx, accountId, id, heldBy(to)!);
      const presented = presentWorkflow(after, await readTags(tx, accountId, 'Workflow', id));
      await audit({ action: 'update', resourceType: 'Workflow', resourceId: id, before, after: presented });
      return presented;
    });
    return c.json({ ...updated, itemCounts: (await itemCountsOf(c.var.deps.db, c.var.account.id, [id])).get(id) ?? noItems() });
  })
  .route('/', workflowItemRoutes)
  .route('/', workflowPeopleRoutes);
