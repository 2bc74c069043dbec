/** Call-center queues. */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { AgentGreetings } from '../../../domain/queues.ts';
import { common } from './columns.ts';

/**
 * Call-center queues (spec §3 Queue): the account's contact-center queues as last synced, with the
 * portal's settings per queue. Keyed by the contact center's queue id; a queue the contact center
 * no longer lists keeps its row and settings with `removed_at` set (a later sync that finds it
 * again clears it).
 */
export const queues = pgTable(
  'queues',
  {
    accountId: common.accountId,
    queueId: text('queue_id').notNull(),
    queueArn: text('queue_arn').notNull(),
    queueName: text('queue_name').notNull(),
    agentGreetingImageLocationPath: text('agent_greeting_image_location_path'),
    agentGreetings: jsonb('agent_greetings').$type<AgentGreetings>().notNull().default({ inbound: null, outbound: null, callback: null }),
    dispositions: text('dispositions').array().notNull().default(sql`'{}'::text[]`),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdTimestamp: common.createdTimestamp,
    modifiedTimestamp: common.modifiedTimestamp,
    createdBy: common.createdBy,
    modifiedBy: common.modifiedBy,
    version: common.version,
  },
  (t) => [primaryKey({ columns: [t.accountId, t.queueId] }), index('queues_account_name').on(t.accountId, t.queueName)],
);
