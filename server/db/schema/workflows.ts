/**
 * Task workflows (spec §3 Task workflow, issue 43): a practice's outreach definitions. Born
 * distributable (issue 41): every key includes `account_id`.
 */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { WorkflowStatus, WorkflowTask } from '../../../domain/workflows.ts';
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
