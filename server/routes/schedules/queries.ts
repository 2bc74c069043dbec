import { and, eq, ilike, inArray, isNull, or, sql, type AnyColumn } from 'drizzle-orm';
import type { ListQuery } from '../../../domain/list-query.ts';
import type { Schedule, ScheduleList, ScheduleSort, ScheduleTask, TaskOccurrence } from '../../../domain/schedules.ts';
import type { Db, Tx } from '../../db/client.ts';
import { accounts, locations, practitioners, queues, scheduleTasks, schedules } from '../../db/schema/index.ts';
import { isId, listPage, liveRecord, restorableRecord, presentCommon } from '../../list-queries.ts';
import { containsPattern } from '../../search/like.ts';
import { live, restorable } from '../../soft-delete.ts';
import { expand } from './recurrence.ts';

type Reader = Db | Tx;
export type ScheduleRow = typeof schedules.$inferSelect;
export type TaskRow = typeof scheduleTasks.$inferSelect;


export function presentSchedule(row: ScheduleRow, ownerName: string | null, timeZone: string): Schedule {
  return {
    resourceType: 'Schedule',
    id: row.id,
    ...presentCommon(row),
    name: row.name,
    description: row.description,
    ownerType: row.ownerType,
    ownerId: row.ownerId,
    ownerName,
    timeZone,
  };
}

export function presentTask(row: TaskRow, practitionerName: string | null): ScheduleTask {
  return {
    resourceType: 'ScheduleTask',
    id: row.id,
    ...presentCommon(row),
    scheduleId: row.scheduleId,
    title: row.title,
    practitionerId: row.practitionerId,
    practitionerName,
    who: row.who,
    start: row.start.toISOString(),
    end: row.end.toISOString(),
    notes: row.notes,
    recurrence: row.recurrence,
    isRecurring: row.recurrence !== null,
    parentId: row.parentId,
    occurrenceDate: row.occurrenceDate,
    exdates: row.exdates,
  };
}

/** The account's time zone (schedules recur by its wall clock). */
export async function timeZoneOf(db: Reader, accountId: string): Promise<string> {
  const [row] = await db.select({ timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, accountId));
  return row?.timeZone ?? 'America/New_York';
}

/** A live (not deleted) schedule of the account. */
export const findSchedule = (db: Reader, accountId: string, id: string, forUpdate = false) => liveRecord(db, schedules, accountId, id, forUpdate);

/** A schedule deleted within the restore window (what restore may bring back). */
export const findDeletedSchedule = (tx: Tx, accountId: string, id: string) => restorableRecord(tx, schedules, accountId, id);

/** The name shown for a schedule's owner: a practitioner's, a (live) location's or a call-center queue's name. */
export async function ownerNameOf(db: Reader, accountId: string, row: Pick<ScheduleRow, 'ownerType' | 'ownerId'>): Promise<string | null> {
  if (!row.ownerId) return null;
  if (row.ownerType === 'Practitioner') return practitionerName(db, accountId, row.ownerId);
  if (row.ownerType === 'Location') return locationName(db, accountId, row.ownerId);
  return queueName(db, accountId, row.ownerId);
}

/** The queue's name, when the id is one of the account's call-center queues (one the call center still lists). */
export async function queueName(db: Reader, accountId: string, id: string): Promise<string | null> {
  const [row] = await db
    .select({ name: queues.queueName })
    .from(queues)
    .where(and(eq(queues.accountId, accountId), eq(queues.queueId, id), isNull(queues.removedAt)));
  return row?.name ?? null;
}

/** The location's name, when the id is one of the account's locations that is not deleted. */
export async function locationName(db: Reader, accountId: string, id: string): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await db
    .select({ name: locations.name })
    .from(locations)
    .where(and(eq(locations.accountId, accountId), sql`${locations.id}::text = ${id}`, live(locations)));
  return row?.name ?? null;
}

/** The practitioner's name, when the id is one of the account's practitioners. */
export async function practitionerName(db: Reader, accountId: string, id: string): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await db
    .select({ name: practitioners.name })
    .from(practitioners)
    .where(and(eq(practitioners.accountId, accountId), eq(practitioners.personId, id)));
  return row?.name ?? null;
}

const sortColumns: Record<ScheduleSort, AnyColumn[]> = {
  id: [schedules.id],
  name: [schedules.name, schedules.id],
  ownerType: [schedules.ownerType, schedules.name, schedules.id],
};

/** A page of the account's live schedules; `q` matches the name, the description or the id. */
export async function listSchedules(db: Db, accountId: string, query: ListQuery<ScheduleSort>): Promise<ScheduleList> {
  const filter = query.q
    ? or(
        ilike(schedules.name, containsPattern(query.q)),
        ilike(schedules.description, containsPattern(query.q)),
        isId(query.q, schedules.id),
      )
    : undefined;
  const where = and(eq(schedules.accountId, accountId), live(schedules), filter);
  const rows = db
    .select({
      id: schedules.id,
      name: schedules.name,
      description: schedules.description,
      ownerType: schedules.ownerType,
      ownerId: schedules.ownerId,
      ownerName: sql<string | null>`coalesce(${practitioners.name}, ${locations.name}, ${queues.queueName})`,
    })
    .from(schedules)
    .leftJoin(
      practitioners,
      and(eq(schedules.ownerType, 'Practitioner'), eq(practitioners.accountId, schedules.accountId), sql`${practitioners.personId}::text = ${schedules.ownerId}`),
    )
    .leftJoin(
      locations,
      and(eq(schedules.ownerType, 'Location'), eq(locations.accountId, schedules.accountId), sql`${locations.id}::text = ${schedules.ownerId}`, live(locations)),
    )
    .leftJoin(queues, and(eq(schedules.ownerType, 'Queue'), eq(queues.accountId, schedules.accountId), eq(queues.queueId, schedules.ownerId), isNull(queues.removedAt)))
  .$dynamic();
  const page = await listPage(db, schedules, rows, where, sortColumns[query.sort], query);
  return { ...page, items: page.items.map((r) => ({ ...r, ownerName: r.ownerName ?? null })) };
}

/** A live (not deleted) task of the schedule, inside the account. */
export async function findTask(db: Reader, accountId: string, scheduleId: string, id: string, forUpdate = false) {
  const q = db
    .select()
    .from(scheduleTasks)
    .where(and(eq(scheduleTasks.accountId, accountId), eq(scheduleTasks.scheduleId, scheduleId), eq(scheduleTasks.id, id), live(scheduleTasks)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** A task of the schedule deleted within the restore window (what Undo may bring back). */
export async function findDeletedTask(tx: Tx, accountId: string, scheduleId: string, id: string) {
  const [row] = await tx
    .select()
    .from(scheduleTasks)
    .where(and(eq(scheduleTasks.accountId, accountId), eq(scheduleTasks.scheduleId, scheduleId), eq(scheduleTasks.id, id), restorable(scheduleTasks)))
    .for('update');
  return row ?? null;
}

export async function presentTaskOf(db: Reader, accountId: string, row: TaskRow): Promise<ScheduleTask> {
  return presentTask(row, row.practitionerId ? await practitionerName(db, accountId, row.practitionerId) : null);
}

/** Of these practitioner ids, those that are practitioners of the account. */
export async function knownPractitioners(db: Reader, accountId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: practitioners.personId })
    .from(practitioners)
    .where(and(eq(practitioners.accountId, accountId), inArray(practitioners.personId, ids)));
  return new Set(rows.map((r) => r.id));
}

/**
 * The schedule's occurrences overlapping [from, to), expanded here (server side) from each task:
 * single tasks, every occurrence of each series but the dates it skips, and the exceptions.
 * In start order, then by title.
 */
export async function occurrencesOf(db: Db, accountId: string, scheduleId: string, timeZone: string, from: Date, to: Date): Promise<TaskOccurrence[]> {
  const rows = await db
    .select({ task: scheduleTasks, practitionerName: practitioners.name })
    .from(scheduleTasks)
    .leftJoin(practitioners, eq(practitioners.personId, scheduleTasks.practitionerId))
    .where(
      and(
        eq(scheduleTasks.accountId, accountId),
        eq(scheduleTasks.scheduleId, scheduleId),
        live(scheduleTasks),
        // A single block or exception outside the range cannot appear; a series may start long before it.
        or(sql`${scheduleTasks.recurrence} is not null`, and(sql`${scheduleTasks.end} > ${from.toISOString()}`, sql`${scheduleTasks.start} < ${to.toISOString()}`)),
        sql`${scheduleTasks.start} < ${to.toISOString()}`,
      ),
    );
  const items: TaskOccurrence[] = [];
  for (const { task, practitionerName } of rows) {
    for (const o of expand(task, timeZone, from, to)) {
      items.push({
        taskId: task.id,
        occurrence: o.start.toISOString(),
        start: o.start.toISOString(),
        end: o.end.toISOString(),
        title: task.title,
        practitionerId: task.practitionerId,
        practitionerName: practitionerName ?? null,
        who: task.who,
        notes: task.notes,
        isRecurring: task.recurrence !== null,
        parentId: task.parentId,
        recurrence: task.recurrence,
        version: task.version,
      });
    }
  }
  return items.sort((a, b) => a.start.localeCompare(b.start) || a.title.localeCompare(b.title) || a.taskId.localeCompare(b.taskId));
}
