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
  ],
);

