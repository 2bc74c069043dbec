/** Interactions (issue 26): the call history, its comments, and the per-day figures insights read. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  EscalationType,
  IntegrationAssociation,
  InteractionComment,
  InteractionEvent,
  Participant,
  Party,
} from '../../../domain/interactions.ts';
import type { InteractionDirection, InteractionStatus, InteractionType } from '../../../domain/interaction-kinds.ts';
import { common, deletion } from './columns.ts';

/**
 * One call (spec §3 Interaction). What lists filter and sort by has a column of its own (start,
 * direction, status, queue, agent, team, disposition, the patient's name and number); the rest of
 * spec §3's shape that only the detail reads lives in `body` (conditions, outcomes, symptoms…), and
 * the timeline in `events` (each event has an `id`; a recording is found by event id and path).
 * `external_id` is the contact center's id of the first leg: ingesting the same contact twice
 * updates the row instead of adding one.
 */
export const interactions = pgTable(
  'interactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...common,
    externalId: text('external_id'),
    startTimestamp: timestamp('start_timestamp', { withTimezone: true }).notNull(),
    endTimestamp: timestamp('end_timestamp', { withTimezone: true }),
    direction: text('direction').$type<InteractionDirection>().notNull(),
    /** A phone call or a web chat (issue 42): the list's Type filter and each row's label. */
    type: text('type').$type<InteractionType>().notNull().default('call'),
    status: text('status').$type<InteractionStatus>().notNull(),
    isComplete: boolean('is_complete').notNull().default(false),
    escalated: boolean('escalated').notNull().default(false),
    escalatedType: text('escalated_type').$type<EscalationType>(),
    priority: text('priority').array().notNull().default(sql`'{}'::text[]`),
    queueId: text('queue_id'),
    queueName: text('queue_name'),
    agentId: uuid('agent_id'),
    agentName: text('agent_name'),
    teamId: uuid('team_id'),
    teamName: text('team_name'),
    patientName: text('patient_name'),
    /** The patient's number in E.164; `contact_digits` is its digits alone, what a search in any spelling compares. */
    contactNumber: text('contact_number'),
    contactDigits: text('contact_digits'),
    /** Lower-cased patient name, for case-insensitive search. */
    searchName: text('search_name'),
    latestDisposition: text('latest_disposition'),
    durationSeconds: integer('duration_seconds'),
    waitSeconds: integer('wait_seconds'),
    handleSeconds: integer('handle_seconds'),
    recordingsCount: integer('recordings_count').notNull().default(0),
    agentNotes: text('agent_notes'),
    patient: jsonb('patient').$type<Party>(),
    initiatingParty: jsonb('initiating_party').$type<Party>(),
    participants: jsonb('participants').$type<Participant[]>().notNull().default([]),
    integrationAssociations: jsonb('integration_associations').$type<IntegrationAssociation[]>().notNull().default([]),
    events: jsonb('events').$type<InteractionEvent[]>().notNull().default([]),
    /** The rest of spec §3's fields (conditions, practitioners, outcomes, followup, appointments, symptoms…). */
    body: jsonb('body').$type<Record<string, unknown>>().notNull().default({}),
    ...deletion,
  },
  (t) => [
    index('interactions_account_start').on(t.accountId, t.startTimestamp, t.id).where(sql`${t.deletedAt} is null`),
    index('interactions_account_queue_start').on(t.accountId, t.queueId, t.startTimestamp, t.id).where(sql`${t.deletedAt} is null`),
    index('interactions_account_agent_start').on(t.accountId, t.agentId, t.startTimestamp, t.id).where(sql`${t.deletedAt} is null`),
    index('interactions_account_team_start').on(t.accountId, t.teamId, t.startTimestamp, t.id).where(sql`${t.deletedAt} is null`),
    index('interactions_account_digits').on(t.accountId, t.contactDigits).where(sql`${t.deletedAt} is null`),
    // The supervisor's usual filters (issue 26 bench): a rare status, the escalated calls.
    index('interactions_account_status_start').on(t.accountId, t.status, t.startTimestamp, t.id).where(sql`${t.deletedAt} is null`),
    // The escalated calls also carry the filters a supervisor adds to them (queue, status, agent,
    // team) after the order's columns: read in the index, not row by row from the table (the capped
    // count of queue + follow-up + escalated: 98 ms → 1.5 ms at 300,000 calls, 382 ms at a million).
    index('interactions_account_escalated_start')
      .on(t.accountId, t.startTimestamp, t.id, t.queueId, t.status, t.agentId, t.teamId)
      .where(sql`${t.deletedAt} is null and ${t.escalated}`),
    // The disposition filter compares in any case: without this index a disposition no call has
    // walked every row of the account (15 s at 600,000 calls).
    index('interactions_account_disposition_start').on(t.accountId, sql`lower(${t.latestDisposition})`, t.startTimestamp, t.id).where(sql`${t.deletedAt} is null`),
    // Direction has a handful of values, none rare: without this index the list's capped count of
    // `direction=outbound` read the table in physical order (1,900 pages at 300,000 calls) to find 1,001.
    index('interactions_account_direction_start').on(t.accountId, t.direction, t.startTimestamp, t.id).where(sql`${t.deletedAt} is null`),
    // Web chats are few beside calls: `type=chat` reads them in order from this index instead of
    // walking every call (`type=call`, nearly every row, reads the start index and skips the chats).
    index('interactions_account_type_start').on(t.accountId, t.type, t.startTimestamp, t.id).where(sql`${t.deletedAt} is null`),
    uniqueIndex('interactions_account_external').on(t.accountId, t.externalId),
  ],
);

/** Spec §3 Comments on an interaction, oldest first. */
export const interactionComments = pgTable(
  'interaction_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: common.accountId,
    interactionId: uuid('interaction_id')
      .notNull()
      .references(() => interactions.id, { onDelete: 'cascade' }),
    fromId: text('from_id').notNull(),
    fromName: text('from_name').notNull(),
    status: text('status').notNull().default('posted'),
    contentType: text('content_type').$type<InteractionComment['body']['contentType']>().notNull().default('text/plain'),
    content: text('content').notNull(),
    attachments: jsonb('attachments').$type<InteractionComment['attachments']>().notNull().default([]),
    mentions: jsonb('mentions').$type<InteractionComment['mentions']>().notNull().default([]),
    createdTimestamp: common.createdTimestamp,
  },
  (t) => [index('interaction_comments_interaction').on(t.interactionId, t.createdTimestamp, t.id)],
);

/**
 * Per account, day (in UTC), queue and direction: the figures insights draw (issue 26), kept
 * current as calls end, so 90 days of a million calls read a few thousand rows. `queue_id` is ''
 * for calls that never reached a queue. Dispositions are counted per name in `dispositions`.
 */
export const interactionDailyMetrics = pgTable(
  'interaction_daily_metrics',
  {
    accountId: common.accountId,
    day: date('day').notNull(),
    queueId: text('queue_id').notNull().default(''),
    direction: text('direction').notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull().default(0),
    abandoned: bigint('abandoned', { mode: 'number' }).notNull().default(0),
    answered: bigint('answered', { mode: 'number' }).notNull().default(0),
    /** Answered within the service-level threshold (domain's, in seconds of wait). */
    answeredInThreshold: bigint('answered_in_threshold', { mode: 'number' }).notNull().default(0),
    handleSeconds: bigint('handle_seconds', { mode: 'number' }).notNull().default(0),
    waitSeconds: bigint('wait_seconds', { mode: 'number' }).notNull().default(0),
    dispositions: jsonb('dispositions').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.queueId, t.direction] })],
);
