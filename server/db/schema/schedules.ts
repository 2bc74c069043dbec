/** Schedules and their tasks. */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { type Recurrence, type ScheduleOwnerType } from '../../../domain/schedules.ts';
import { common, deletion } from './columns.ts';
import { practitioners } from './persons.ts';

/** Schedules (issue #9): named calendars of the account, soft-deleted (restorable for 30 days). */
export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...common,
    name: text('name').notNull(),
    description: text('description'),
    ownerType: text('owner_type').$type<ScheduleOwnerType>(),
    ownerId: text('owner_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by'),
  },
  (t) => [index('schedules_account_name').on(t.accountId, t.name, t.id).where(sql`${t.deletedAt} is null`)],
);

/**
 * A schedule's time blocks. A series has a recurrence; an exception (one occurrence edited) has
 * the series as parent and the local date it replaces, and the series lists that date in exdates.
 */
export const scheduleTasks = pgTable(
  'schedule_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...common,
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    practitionerId: uuid('practitioner_id').references(() => practitioners.personId, { onDelete: 'set null' }),
    who: text('who'),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }).notNull(),
    notes: text('notes'),
    recurrence: jsonb('recurrence').$type<Recurrence>(),
    exdates: text('exdates').array().notNull().default(sql`'{}'::text[]`),
    parentId: uuid('parent_id').references((): AnyPgColumn => scheduleTasks.id, { onDelete: 'cascade' }),
    occurrenceDate: text('occurrence_date'),
    ...deletion,
  },
  (t) => [
    index('schedule_tasks_schedule').on(t.accountId, t.scheduleId),
    // One live exception per occurrence of a series.
    uniqueIndex('schedule_tasks_exception').on(t.parentId, t.occurrenceDate).where(sql`${t.deletedAt} is null`),
  ],
);
