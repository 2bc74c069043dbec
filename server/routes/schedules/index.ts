import { and, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { messages } from '../../../domain/messages.ts';
import {
  dateOf,
  isLocalDate,
  scheduleCreateSchema,
  scheduleListQuerySchema,
  scheduleMessages,
  schedulePatchSchema,
  taskCreateSchema,
  taskDeleteQuerySchema,
  taskRestoreQuerySchema,
  taskPatchSchema,
  taskRangeQuerySchema,
  timesProblem,
  wallOf,
  type Recurrence,
  type ScheduleOwnerType,
  type TaskOccurrenceList,
} from '../../../domain/schedules.ts';
import { requires } from '../../auth/requires.ts';
import type { Tx } from '../../db/client.ts';
import { scheduleTasks, schedules } from '../../db/schema/index.ts';
import { asksNothing } from '../../db/write.ts';
import { write } from '../../write.ts';
import type { AppEnv } from '../../env.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { editedVersion, expectedVersion, editable, found, idParam, jsonLimit, sent, touched, updatedRow, updateVersioned } from '../../records.ts';
import { deletedBy, live, undeleted, type DeletedDescriptor } from '../../soft-delete.ts';
import { json, query } from '../../validate.ts';
import {
  findDeletedSchedule,
  findDeletedTask,
  findSchedule,
  findTask,
  knownPractitioners,
  locationName,
  listSchedules,
  occurrencesOf,
  ownerNameOf,
  presentSchedule,
  presentTaskOf,
  timeZoneOf,
  type ScheduleRow,
  type TaskRow,
} from './queries.ts';
import { occurrenceAt } from './recurrence.ts';

const uuid = v.pipe(v.string(), v.uuid());

/** `{scheduleId}` and `{id}` of a task path: ids, or the path names no record (404). */
const taskParams = validator('param', (value: Record<string, string>) => {
  const scheduleId = value.scheduleId?.toLowerCase();
  const id = value.id?.toLowerCase();
  if (!v.is(uuid, scheduleId) || (value.id !== undefined && !v.is(uuid, id))) throw notFound(messages.notFound);
  return { scheduleId, id: id ?? '' };
});

/** A schedule for a practitioner or a location names one of the account's (live) ones; a queue is an id of the call center's. */
async function assertOwner(tx: Tx, accountId: string, ownerType: ScheduleOwnerType | null, ownerId: string | null) {
  if (ownerType === 'Practitioner' && ownerId && !(await knownPractitioners(tx, accountId, [ownerId])).has(ownerId)) {
    throw badRequest(messages.invalidRequest, { ownerId: scheduleMessages.ownerPractitionerUnknown });
  }
  if (ownerType && ownerType !== 'Queue' && ownerId && !v.is(uuid, ownerId)) throw badRequest(messages.invalidRequest, { ownerId: scheduleMessages.ownerIdInvalid });
  if (ownerType === 'Location' && ownerId && !(await locationName(tx, accountId, ownerId))) {
    throw badRequest(messages.invalidRequest, { ownerId: scheduleMessages.ownerLocationUnknown });
  }
}

async function assertPractitioner(tx: Tx, accountId: string, practitionerId: string | null | undefined) {
  if (practitionerId && !(await knownPractitioners(tx, accountId, [practitionerId])).has(practitionerId)) {
    throw badRequest(messages.invalidRequest, { practitionerId: scheduleMessages.practitionerUnknown });
  }
}

/** The recurrence's end date is not before the task's first day (in the account's time zone). */
function assertUntil(recurrence: Recurrence | null | undefined, start: Date, timeZone: string) {
  if (recurrence?.until && isLocalDate(recurrence.until) && recurrence.until < dateOf(wallOf(start, timeZone))) {
    throw badRequest(messages.invalidRequest, { 'recurrence.until': scheduleMessages.untilBeforeStart });
  }
}

function assertTimes(start: Date, end: Date) {
  const problem = timesProblem(start, end);
  if (problem) throw badRequest(messages.invalidRequest, problem);
}

const present = async (tx: Tx, accountId: string, row: ScheduleRow) => presentSchedule(row, await ownerNameOf(tx, accountId, row), await timeZoneOf(tx, accountId));

/** A write to a task changes its schedule: the schedule must be live (a deleted one's tasks are not writable). */
const liveSchedule = async (tx: Tx, accountId: string, scheduleId: string) => found(await findSchedule(tx, accountId, scheduleId));

/**
 * The "Recently deleted" page's descriptor (named by this area's descriptor, area.ts).
 */
export const scheduleDeleted = {
  resourceType: 'Schedule',
  table: schedules,
  nameColumn: schedules.name,
  resource: '/schedule/schedule/{id}' as const,
  path: (id: string) => `/practice/schedules/${id}`,
  restorePath: (id: string) => `/schedule/schedule/${id}/restore`,
};

const parentTask = alias(scheduleTasks, 'parent_task');

/**
 * "Recently deleted" for tasks: a deleted task is listed (and restorable) while its schedule is
 * live; a deleted schedule's tasks wait with it (its own entry restores it, and them with it). A
 * changed occurrence deleted together with its series is not listed on its own: the series' restore
 * brings it back; one deleted alone is listed while its series is live. Its screen is the schedule's.
 */
export const taskDeleted: DeletedDescriptor = {
  resourceType: 'ScheduleTask',
  table: scheduleTasks,
  nameColumn: scheduleTasks.title,
  refs: { schedule: scheduleTasks.scheduleId },
  listed: () =>
    and(
      sql`exists (select 1 from ${schedules} where ${and(eq(schedules.id, scheduleTasks.scheduleId), live(schedules))})`,
      or(sql`${scheduleTasks.parentId} is null`, sql`exists (select 1 from ${scheduleTasks} ${sql.identifier('parent_task')} where ${and(eq(parentTask.id, scheduleTasks.parentId), live(parentTask))})`),
    ),
  resource: '/schedule/schedule/{id}',
  path: (_, refs) => `/practice/schedules/${refs.schedule}`,
  restorePath: (id, refs) => `/schedule/schedule/${refs.schedule}/task/${id}/restore`,
};

/**
 * Schedules (spec §7): `/schedule/schedule` (list, create, and PATCH with the id in the body),
 * `/schedule/schedule/{id}` (get, soft delete, restore) and the tasks under
 * `/schedule/schedule/{scheduleId}/task`. Every query is scoped to the request's account.
 */
export const scheduleRoutes = new Hono<AppEnv>()
  .get('/schedule', requires('/schedule/schedule', 'GET'), query(scheduleListQuerySchema), async (c) => {
    return c.json(await listSchedules(c.var.deps.db, c.var.account.id, c.req.valid('query')));
  })
  .post('/schedule', requires('/schedule/schedule', 'POST'), jsonLimit, json(scheduleCreateSchema), async (c) => {
    const body = c.req.valid('json');
    const created = await write(c, async ({ tx, audit, accountId, actorName }) => {
      await assertOwner(tx, accountId, body.ownerType, body.ownerId);
      const [row] = await tx.insert(schedules).values({ ...body, accountId, createdBy: actorName, modifiedBy: actorName }).returning();
      await audit({ action: 'create', resourceType: 'Schedule', resourceId: row!.id, after: await present(tx, accountId, row!) });
      return { id: row!.id };
    });
    return c.json(created, 201);
  })
  .patch('/schedule', requires('/schedule/schedule', 'PATCH'), jsonLimit, json(schedulePatchSchema), async (c) => {
    const { id, version: sentVersion, ...body } = c.req.valid('json');
    const expected = expectedVersion(c, sentVersion);
    const changes = sent(body);
    const updated = await write(c, async ({ tx, audit, accountId, actorName, repeats }) => {
      const current = found(await findSchedule(tx, accountId, id, true));
      const version = editedVersion(current, expected);
      if (await repeats({ resourceType: 'Schedule', resourceId: id, record: current, version, changes })) return present(tx, accountId, current);
      editable(current, version);
      const ownerType = changes.ownerType !== undefined ? changes.ownerType : current.ownerType;
      const ownerId = changes.ownerId !== undefined ? changes.ownerId : current.ownerId;
      if (Boolean(ownerType) !== Boolean(ownerId)) throw badRequest(messages.invalidRequest, { ownerId: scheduleMessages.ownerIdRequired });
      await assertOwner(tx, accountId, ownerType, ownerId);
      const after = await updateVersioned({ tx, accountId, actorName }, schedules, { key: schedules.id, id, version }, changes);
      const answer = await present(tx, accountId, after);
      await audit({ action: 'update', resourceType: 'Schedule', resourceId: id, before: await present(tx, accountId, current), after: answer });
      return answer;
    });
    return c.json(updated);
  })
  .get('/schedule/:id', requires('/schedule/schedule/{id}', 'GET'), idParam(), async (c) => {
    const { db } = c.var.deps;
    const row = found(await findSchedule(db, c.var.account.id, c.req.valid('param').id));
    return c.json(presentSchedule(row, await ownerNameOf(db, c.var.account.id, row), await timeZoneOf(db, c.var.account.id)));
  })
  /** Soft delete: the schedule leaves lists and search at once; its tasks stay for a restore. */
  .delete('/schedule/:id', requires('/schedule/schedule/{id}', 'DELETE'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    await write(c, async ({ tx, audit, accountId, actorName }) => {
      const before = found(await findSchedule(tx, accountId, id, true));
      await tx
        .update(schedules)
        .set({ deletedAt: sql`now()`, deletedBy: actorName, ...touched(actorName, schedules.version) })
        .where(and(eq(schedules.accountId, accountId), eq(schedules.id, id)));
      await audit({ action: 'delete', resourceType: 'Schedule', resourceId: id, before: await present(tx, accountId, before) });
    });
    return c.body(null, 204);
  })
  .post('/schedule/:id/restore', requires('/schedule/schedule/{id}', 'DELETE'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    const restored = await write(c, async ({ tx, audit, accountId, actorName }) => {
      found(await findDeletedSchedule(tx, accountId, id));
      const [row] = await tx
        .update(schedules)
        .set({ deletedAt: null, deletedBy: null, ...touched(actorName, schedules.version) })
        .where(and(eq(schedules.accountId, accountId), eq(schedules.id, id)))
        .returning();
      const answer = await present(tx, accountId, row!);
      await audit({ action: 'restore', resourceType: 'Schedule', resourceId: id, after: answer });
      return answer;
    });
    return c.json(restored);
  })
  /** The occurrences in [from, to) (at most 366 days), expanded from the series here. */
  .get('/schedule/:scheduleId/task', requires('/schedule/schedule/{id}', 'GET'), taskParams, query(taskRangeQuerySchema), async (c) => {
    const { db } = c.var.deps;
    const accountId = c.var.account.id;
    const { scheduleId } = c.req.valid('param');
    const { from, to } = c.req.valid('query');
    found(await findSchedule(db, accountId, scheduleId));
    const timeZone = await timeZoneOf(db, accountId);
    const answer: TaskOccurrenceList = { items: await occurrencesOf(db, accountId, scheduleId, timeZone, from, to), from: from.toISOString(), to: to.toISOString(), timeZone };
    return c.json(answer);
  })
  .post('/schedule/:scheduleId/task', requires('/schedule/schedule/{id}', 'POST'), taskParams, jsonLimit, json(taskCreateSchema), async (c) => {
    const { scheduleId } = c.req.valid('param');
    const body = c.req.valid('json');
    const created = await write(c, async ({ tx, audit, accountId, actorName }) => {
      await liveSchedule(tx, accountId, scheduleId);
      await assertPractitioner(tx, accountId, body.practitionerId);
      assertUntil(body.recurrence, body.start, await timeZoneOf(tx, accountId));
      const [row] = await tx
        .insert(scheduleTasks)
        .values({ ...body, recurrence: body.recurrence ?? null, scheduleId, accountId, createdBy: actorName, modifiedBy: actorName })
        .returning();
      await audit({ action: 'create', resourceType: 'ScheduleTask', resourceId: row!.id, after: await presentTaskOf(tx, accountId, row!) });
      return { id: row!.id };
    });
    return c.json(created, 201);
  })
  .get('/schedule/:scheduleId/task/:id', requires('/schedule/schedule/{id}', 'GET'), taskParams, async (c) => {
    const { db } = c.var.deps;
    const { scheduleId, id } = c.req.valid('param');
    found(await findSchedule(db, c.var.account.id, scheduleId));
    return c.json(await presentTaskOf(db, c.var.account.id, found(await findTask(db, c.var.account.id, scheduleId, id))));
  })
  /**
   * Edits a task. On a series, `isRecurring: false` with `occurrence` edits that one occurrence:
   * an exception is created (its `parentId` is the series) and the series skips that date; the
   * answer is the exception. Otherwise the task itself (a whole series, a single task, an exception).
   */
  .patch('/schedule/:scheduleId/task/:id', requires('/schedule/schedule/{id}', 'PATCH'), taskParams, jsonLimit, json(taskPatchSchema), async (c) => {
    const { scheduleId, id } = c.req.valid('param');
    const { version: sentVersion, isRecurring, occurrence, parentId, ...body } = c.req.valid('json');
    const expected = expectedVersion(c, sentVersion);
    const changes = sent(body);
    const answer = await write(c, async ({ tx, audit, accountId, actorName }) => {
      await liveSchedule(tx, accountId, scheduleId);
      const task = found(await findTask(tx, accountId, scheduleId, id, true));
      const version = editedVersion(task, expected);
      const current = editable(task, version);
      if (parentId !== undefined && parentId !== current.parentId) throw badRequest(messages.invalidRequest, { parentId: scheduleMessages.occurrenceUnknown });
      const timeZone = await timeZoneOf(tx, accountId);
      await assertPractitioner(tx, accountId, changes.practitionerId);
      const before = await presentTaskOf(tx, accountId, current);
      // An empty update changes nothing (issue 24): no new version, no log entry.
      if (asksNothing({ ...changes, isRecurring, occurrence })) return before;

      if (isRecurring === false && current.recurrence) {
        // One occurrence of a series becomes an exception of its own.
        if (!occurrence) throw badRequest(messages.invalidRequest, { occurrence: scheduleMessages.occurrenceRequired });
        const at = occurrenceAt(current, timeZone, occurrence);
        if (!at) throw badRequest(messages.invalidRequest, { occurrence: scheduleMessages.occurrenceUnknown });
        if (changes.recurrence) throw badRequest(messages.invalidRequest, { recurrence: scheduleMessages.exceptionNotRecurring });
        const start = changes.start ?? at.start;
        const end = changes.end ?? at.end;
        assertTimes(start, end);
        const series = updatedRow(
          await tx
            .update(scheduleTasks)
            .set({ exdates: sql`array_append(${scheduleTasks.exdates}, ${at.date})`, ...touched(actorName, scheduleTasks.version) })
            .where(and(eq(scheduleTasks.accountId, accountId), eq(scheduleTasks.id, id), eq(scheduleTasks.version, version)))
            .returning(),
        );
        const [exception] = await tx
          .insert(scheduleTasks)
          .values({
            accountId,
            scheduleId,
            title: changes.title ?? current.title,
            practitionerId: changes.practitionerId !== undefined ? changes.practitionerId : current.practitionerId,
            who: changes.who !== undefined ? changes.who : current.who,
            notes: changes.notes !== undefined ? changes.notes : current.notes,
            start,
            end,
            recurrence: null,
            parentId: id,
            occurrenceDate: at.date,
            createdBy: actorName,
            modifiedBy: actorName,
          })
          .returning();
        const after = await presentTaskOf(tx, accountId, exception!);
        await audit({ action: 'update', resourceType: 'ScheduleTask', resourceId: id, before, after: await presentTaskOf(tx, accountId, series) });
        await audit({ action: 'create', resourceType: 'ScheduleTask', resourceId: exception!.id, after });
        return after;
      }

      if (current.parentId && changes.recurrence) throw badRequest(messages.invalidRequest, { recurrence: scheduleMessages.exceptionNotRecurring });
      const start = changes.start ?? current.start;
      const end = changes.end ?? current.end;
      assertTimes(start, end);
      assertUntil(changes.recurrence !== undefined ? changes.recurrence : current.recurrence, start, timeZone);
      const row: TaskRow = updatedRow(
        await tx
          .update(scheduleTasks)
          .set({ ...changes, ...touched(actorName, scheduleTasks.version) })
          .where(and(eq(scheduleTasks.accountId, accountId), eq(scheduleTasks.id, id), eq(scheduleTasks.version, version)))
          .returning(),
      );
      const after = await presentTaskOf(tx, accountId, row);
      await audit({ action: 'update', resourceType: 'ScheduleTask', resourceId: id, before, after });
      return after;
    });
    return c.json(answer);
  })
  /**
   * Deletes a task (soft: Undo restores it): a series with its live exceptions; or, with
   * `isRecurring=false&occurrence=…`, only that occurrence of a series (the series skips its date).
   */
  .delete('/schedule/:scheduleId/task/:id', requires('/schedule/schedule/{id}', 'DELETE'), taskParams, query(taskDeleteQuerySchema), async (c) => {
    const { scheduleId, id } = c.req.valid('param');
    const { isRecurring, occurrence } = c.req.valid('query');
    await write(c, async ({ tx, audit, accountId, actorName }) => {
      await liveSchedule(tx, accountId, scheduleId);
      const current = found(await findTask(tx, accountId, scheduleId, id, true));
      const before = await presentTaskOf(tx, accountId, current);
      if (isRecurring === 'false' && current.recurrence) {
        if (!occurrence) throw badRequest(messages.invalidRequest, { occurrence: scheduleMessages.occurrenceRequired });
        const at = occurrenceAt(current, await timeZoneOf(tx, accountId), occurrence);
        if (!at) throw badRequest(messages.invalidRequest, { occurrence: scheduleMessages.occurrenceUnknown });
        const [series] = await tx
          .update(scheduleTasks)
          .set({ exdates: sql`array_append(${scheduleTasks.exdates}, ${at.date})`, ...touched(actorName, scheduleTasks.version) })
          .where(and(eq(scheduleTasks.accountId, accountId), eq(scheduleTasks.id, id)))
          .returning();
        await audit({ action: 'update', resourceType: 'ScheduleTask', resourceId: id, before, after: await presentTaskOf(tx, accountId, series!) });
        return;
      }
      // A series' live exceptions go with it, stamped with the same instant (now() is the transaction's), so a restore brings back those and no others.
      await tx
        .update(scheduleTasks)
        .set({ ...deletedBy(actorName), ...touched(actorName, scheduleTasks.version) })
        .where(and(eq(scheduleTasks.accountId, accountId), or(eq(scheduleTasks.id, id), eq(scheduleTasks.parentId, id)), live(scheduleTasks)));
      await audit({ action: 'delete', resourceType: 'ScheduleTask', resourceId: id, before });
    });
    return c.body(null, 204);
  })
  /**
   * Undo of a task's delete: the task (a series with the exceptions deleted with it) comes back with
   * its id; with `occurrence`, the deleted occurrence of a live series comes back (unless an
   * exception now stands for it). A task deleted more than 30 days ago, or not deleted, is 404.
   */
  .post('/schedule/:scheduleId/task/:id/restore', requires('/schedule/schedule/{id}', 'DELETE'), taskParams, query(taskRestoreQuerySchema), async (c) => {
    const { scheduleId, id } = c.req.valid('param');
    const { occurrence } = c.req.valid('query');
    const answer = await write(c, async ({ tx, audit, accountId, actorName }) => {
      await liveSchedule(tx, accountId, scheduleId);
      if (occurrence) {
        const series = found(await findTask(tx, accountId, scheduleId, id, true));
        if (!series.recurrence) throw badRequest(messages.invalidRequest, { occurrence: scheduleMessages.occurrenceUnknown });
        const date = dateOf(wallOf(occurrence, await timeZoneOf(tx, accountId)));
        // Only a date the series skips without an exception standing for it was a deleted occurrence.
        const [exception] = await tx
          .select({ id: scheduleTasks.id })
          .from(scheduleTasks)
          .where(and(eq(scheduleTasks.parentId, id), eq(scheduleTasks.occurrenceDate, date), live(scheduleTasks)));
        if (!series.exdates.includes(date) || exception) throw notFound(messages.notFound);
        const before = await presentTaskOf(tx, accountId, series);
        const [row] = await tx
          .update(scheduleTasks)
          .set({ exdates: sql`array_remove(${scheduleTasks.exdates}, ${date})`, ...touched(actorName, scheduleTasks.version) })
          .where(and(eq(scheduleTasks.accountId, accountId), eq(scheduleTasks.id, id)))
          .returning();
        const after = await presentTaskOf(tx, accountId, row!);
        await audit({ action: 'update', resourceType: 'ScheduleTask', resourceId: id, before, after });
        return after;
      }
      const deleted = found(await findDeletedTask(tx, accountId, scheduleId, id));
      if (deleted.parentId) {
        // A changed occurrence comes back only to its live series, and only while no other change stands for that date.
        if (!(await findTask(tx, accountId, scheduleId, deleted.parentId))) throw notFound(messages.notFound);
        const [other] = await tx
          .select({ id: scheduleTasks.id })
          .from(scheduleTasks)
          .where(and(eq(scheduleTasks.parentId, deleted.parentId), eq(scheduleTasks.occurrenceDate, deleted.occurrenceDate ?? ''), live(scheduleTasks)));
        if (other) throw conflict(scheduleMessages.occurrenceChangedMeanwhile);
      }
      await tx
        .update(scheduleTasks)
        .set({ ...undeleted, ...touched(actorName, scheduleTasks.version) })
        .where(
          and(
            eq(scheduleTasks.accountId, accountId),
            // The exceptions deleted with it carry its deletion instant (compared in the database: microseconds).
            or(eq(scheduleTasks.id, id), and(eq(scheduleTasks.parentId, id), sql`${scheduleTasks.deletedAt} = (select d.deleted_at from schedule_tasks d where d.id = ${id})`)),
          ),
        )
      const restored = found(await findTask(tx, accountId, scheduleId, id));
      const after = await presentTaskOf(tx, accountId, restored);
      await audit({ action: 'restore', resourceType: 'ScheduleTask', resourceId: id, after });
      return after;
    });
    return c.json(answer);
  });
