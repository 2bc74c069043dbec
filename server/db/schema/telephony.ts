/**
 * Telephony (issue 42): what the platform sent through the carrier, and who asked not to get texts.
 * Both tables are born distributable (issue 41): every key includes `account_id`.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * The practice's opt-out list: a patient's number that replied STOP (or was put on it by staff).
 * No text is sent to it; START (a reply) takes it off.
 */
export const telephonyOptOuts = pgTable(
  'telephony_opt_outs',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** E.164. */
    number: text('number').notNull(),
    /** 'reply': the patient's own STOP; 'staff': put on the list by a staff member. */
    source: text('source').$type<'reply' | 'staff'>().notNull(),
    /** The platform number the STOP was sent to (null: staff). */
    via: text('via'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.number] })],
);

/**
 * One call or text the platform means to send, written before the carrier is asked (architecture
 * "Nothing sent twice"): `key` says what it is for (a masked call's session and call number, a
 * workflow item's task), and the unique key, not a queue, is what makes it once. `status` follows it:
 * pending (written, carrier not yet asked), refused (not sent: opted out, invalid number, outside
 * allowed hours…, `reason` says why), outcome_unknown (asked, no answer: never sent again blindly),
 * sent (the carrier took it: `carrier_id`), then the carrier's final status from its callback.
 */
export const telephonyAttempts = pgTable(
  'telephony_attempts',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    key: text('key').notNull(),
    kind: text('kind').$type<'call' | 'message'>().notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    /** A masked call: the number bridged once `to_number` answers. */
    bridgeTo: text('bridge_to'),
    body: text('body'),
    status: text('status').notNull().default('pending'),
    /** Why it was refused or failed, in words people read. */
    reason: text('reason'),
    carrierId: text('carrier_id'),
    /** The carrier's own error code (Twilio's), for support; never shown to patients. */
    carrierCode: text('carrier_code'),
    durationSeconds: integer('duration_seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    unique('telephony_attempts_key').on(t.accountId, t.key),
    unique('telephony_attempts_carrier').on(t.accountId, t.carrierId),
    index('telephony_attempts_pending').on(t.accountId, t.createdAt).where(sql`${t.status} = 'pending'`),
    // A patient's sends in the last days (issue 43: the workflows' per-patient cap).
    index('telephony_attempts_patient').on(t.accountId, t.toNumber, t.kind, t.createdAt),
  ],
);


/**
 * Call-masking sessions (issue 42): a link a patient opens to be called by the practice. The id is
 * 128 random bits (base64url); the numbers stay here, the page never sees them.
 */
export const maskingSessions = pgTable(
  'masking_sessions',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    patientNumber: text('patient_number').notNull(),
    personId: uuid('person_id'),
    interactionId: uuid('interaction_id'),
    practiceContactPointId: uuid('practice_contact_point_id').notNull(),
    /** The practice's line as it was when the session was made (bridged to once the patient answers). */
    practiceNumber: text('practice_number').notNull(),
    /** The platform (Twilio) number that calls the patient. */
    callerNumber: text('caller_number').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    maxCalls: integer('max_calls').notNull(),
    callsUsed: integer('calls_used').notNull().default(0),
    callTimeLimitMinutes: integer('call_time_limit_minutes').notNull(),
    ringTimeoutSeconds: integer('ring_timeout_seconds').notNull(),
    textStatus: text('text_status'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: text('ended_by'),
    createdTimestamp: timestamp('created_timestamp', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    // The patient's page knows the id alone.
    index('masking_sessions_id').on(t.id),
    index('masking_sessions_account_created').on(t.accountId, t.createdTimestamp),
  ],
);

/**
 * Pacing (issue 43): the next moment a sending number may start another call or text, so the
 * carrier's own queue never holds them past the calling window (default one a second each).
 */
export const telephonyPacing = pgTable(
  'telephony_pacing',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    fromNumber: text('from_number').notNull(),
    kind: text('kind').$type<'call' | 'message'>().notNull(),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.fromNumber, t.kind] })],
);
