/**
 * Task workflows (spec §3 Task workflow, issue 43): a practice's outreach definitions. Born
 * distributable (issue 41): every key includes `account_id`.
 */
import { sql } from 'drizzle-orm';
import { date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { GeneralInfo, ItemEventKind, ItemSource, WorkflowItemStatus, WorkflowStatus, WorkflowTask } from '../../../domain/workflows.ts';
import { accounts } from './accounts.ts';
import { common } from './columns.ts';

export const taskWorkflows = pgTable(
  'task_workflows',
  {
    id: uuid('id').notNull().defaultRandom(),
    ...common,
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: text('status').$type<WorkflowStatus>().notNull(),
    /** The tasks in order (spec §3: name, delay amount and unit, variables, jotformQueueId). */
    tasks: jsonb('tasks').$type<WorkflowTask[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), index('task_workflows_account_title').on(t.accountId, sql`lower(${t.title})`, t.id)],
);

/**
 * A workflow's items (spec §3 Workflow item): a patient the workflow works through. The tasks are
 * the workflow's when the item was added (an edit of the workflow does not change an item under
 * way). `mrn`, `dob` and `patient_name` repeat generalInfo's for sorting, search and the
 * duplicate check (same MRN and date of birth in the workflow). The runner (server/workflows/)
 * keeps `current_task`, `next_attempt_at`, `attempt` and `held_reason`.
 */
export const taskWorkflowItems = pgTable(
  'task_workflow_items',
  {
    id: uuid('id').notNull().defaultRandom(),
    ...common,
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    workflowId: uuid('workflow_id').notNull(),
    status: text('status').$type<WorkflowItemStatus>().notNull(),
    currentTask: integer('current_task'),
    tasks: jsonb('tasks').$type<WorkflowTask[]>().notNull(),
    source: text('source').$type<ItemSource>().notNull(),
    generalInfo: jsonb('general_info').$type<GeneralInfo>().notNull(),
    personId: uuid('person_id'),
    patientName: text('patient_name').notNull(),
    /** The patient's phone in E.164: the key of the caps and the opt-out list. */
    phone: text('phone').notNull(),
    mrn: text('mrn'),
    dob: date('dob', { mode: 'string' }),
    /** When the current task next acts (its delay ended, a retry, the calling window opening); null while it waits for nothing or ended. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Why the item waits, in words for its page ("Outside calling hours until 8:00"). */
    heldReason: text('held_reason'),
    /** Tries of the current task so far (a carrier's transient failure is retried, bounded). */
    attempt: integer('attempt').notNull().default(0),
    /** How many times the item was retried by hand: part of each send's key, so a retry sends again and nothing else does. */
    round: integer('round').notNull().default(0),
    /** The sending number's slot reserved for the current try (pacing): it is not reserved again when the item comes back at it. */
    pacedAt: timestamp('paced_at', { withTimezone: true }),
    /** When the current task was first tried: its deadline counts from here. */
    taskStartedAt: timestamp('task_started_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({ columns: [t.accountId, t.workflowId], foreignColumns: [taskWorkflows.accountId, taskWorkflows.id] }).onDelete('cascade'),
    index('task_workflow_items_list').on(t.accountId, t.workflowId, t.createdTimestamp, t.id),
    index('task_workflow_items_status').on(t.accountId, t.workflowId, t.status),
    // The duplicate check of a batch: one item per MRN and date of birth in a workflow.
    uniqueIndex('task_workflow_items_mrn_dob').on(t.accountId, t.workflowId, sql`lower(${t.mrn})`, t.dob).where(sql`${t.mrn} is not null and ${t.dob} is not null`),
    index('task_workflow_items_phone').on(t.accountId, t.phone),
  ],
);

/** An item's timeline (issue 43): each step the runner took, each attempt and the carrier's outcome. */
export const taskWorkflowItemEvents = pgTable(
  'task_workflow_item_events',
  {
    id: uuid('id').notNull().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    itemId: uuid('item_id').notNull(),
    /** The moment itself (clock_timestamp, not the transaction's start), so one write's steps keep their order. */
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    taskIndex: integer('task_index'),
    kind: text('kind').$type<ItemEventKind>().notNull(),
    detail: text('detail').notNull(),
    /** The outbox attempt the event is about (a call or a text). */
    attemptId: uuid('attempt_id'),
    interactionId: uuid('interaction_id'),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({ columns: [t.accountId, t.itemId], foreignColumns: [taskWorkflowItems.accountId, taskWorkflowItems.id] }).onDelete('cascade'),
    index('task_workflow_item_events_item').on(t.accountId, t.itemId, t.at),
  ],
);
