/** What the platform keeps for every area: Idempotency-Keys, rate-limit counters, settings. */
import { bigint, integer, jsonb, pgTable, primaryKey, varchar, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What a write answered for an `Idempotency-Key`, per caller and account, so that a retried
 * submit whose answer was lost gets that answer again instead of making a duplicate. Written in
 * the transaction of the write itself; kept 24 hours (server/db/write.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: uuid('account_id').notNull(),
    callerId: text('caller_id').notNull(),
    key: text('key').notNull(),
    /** sha256 of method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    result: jsonb('result').$type<{ value?: unknown }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.callerId, t.key] })],
);

export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/**
 * Sign-in attempt counters of rate-limiter-flexible's PostgreSQL store (its own column layout), shared by
 * every server process. `expire` is in epoch milliseconds.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/**
 * The job queue's workers that are alive (server/jobs/liveness.ts): each process says so every few
 * seconds for its graphile-worker workers, so a job locked by a worker whose process died (kill -9,
 * a lost machine) is unlocked within seconds instead of graphile-worker's four hours.
 */
export const jobWorkers = pgTable('job_workers', {
  workerId: text('worker_id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
