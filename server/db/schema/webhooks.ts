/**
 * Webhooks (issue 44): an account's endpoints, the events its changes made (an outbox, written by
 * triggers in the transaction of the change: migration 0048), one delivery per event and endpoint
 * (its primary key is what makes a delivery once, not the queue) and the log of each attempt.
 * Every key includes `account_id` (distributable, issue 41).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { WebhookDeliveryStatus, WebhookEventType } from '../../../domain/webhooks.ts';
import { accounts } from './accounts.ts';
import { common } from './columns.ts';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').notNull().defaultRandom(),
    ...common,
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    /** The event types it is sent (a jsonb array, so the triggers ask `events ? type`). */
    events: jsonb('events').$type<WebhookEventType[]>().notNull(),
    active: boolean('active').notNull().default(true),
    /**
     * The signing secret (`whsec_…`). Kept as it is, not hashed as API keys are: signing needs it.
     * Answered once, when made or rotated.
     */
    secret: text('secret').notNull(),
    /** The secret before the last rotation, still signing until `previous_secret_expires_at`. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    /** Since when every attempt has failed; five days of it turn the endpoint off. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), index('webhook_endpoints_account_active').on(t.accountId).where(sql`${t.active}`)],
);

/** What happened, thin (type, record id, what changed: field names, never values of patient data). */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').notNull().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The order events were made in: a record's events are delivered in this order. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    type: text('type').$type<WebhookEventType>().notNull(),
    recordId: text('record_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), index('webhook_events_account_created').on(t.accountId, t.createdAt)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    accountId: uuid('account_id').notNull(),
    endpointId: uuid('endpoint_id').notNull(),
    eventId: uuid('event_id').notNull(),
    /** The event's, repeated so the next delivery of a record is read from one index. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    recordId: text('record_id').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    /** Attempts of this round (a resend starts a new round from 0). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While an attempt is under way: another job leaves the record alone until then (a crashed one's lease runs out). */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.eventId, t.endpointId] }),
    foreignKey({ columns: [t.accountId, t.endpointId], foreignColumns: [webhookEndpoints.accountId, webhookEndpoints.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.accountId, t.eventId], foreignColumns: [webhookEvents.accountId, webhookEvents.id] }).onDelete('cascade'),
    index('webhook_deliveries_pending').on(t.accountId, t.endpointId, t.recordId, t.seq).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_created').on(t.accountId, t.endpointId, t.createdAt),
  ],
);

/** Each attempt of a delivery: the log an administrator reads. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').notNull().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    endpointId: uuid('endpoint_id').notNull(),
    eventId: uuid('event_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({ columns: [t.accountId, t.eventId, t.endpointId], foreignColumns: [webhookDeliveries.accountId, webhookDeliveries.eventId, webhookDeliveries.endpointId] }).onDelete('cascade'),
    index('webhook_attempts_delivery').on(t.accountId, t.endpointId, t.eventId, t.at),
  ],
);
