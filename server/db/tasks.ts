import { and, isNotNull, lt, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { CronItem, TaskList } from 'graphile-worker';
import { idempotencyKeys, rateLimits } from './schema/index.ts';
import { KEY_LIFETIME } from './write.ts';

/** The job that deletes Idempotency-Keys past their lifetime. */
export const REMOVE_OLD_IDEMPOTENCY_KEYS = 'db.remove-old-idempotency-keys';
/** The job that deletes the rate limiters' expired counters (sign-in and survey throttles). */
export const REMOVE_EXPIRED_RATE_LIMITS = 'db.remove-expired-rate-limits';

/**
 * Clean-ups of the tables the areas share, once for all server processes. A write deletes its own
 * caller's old keys (server/db/write.ts); the keys of callers who never submit again go here. A
 * counter is kept an hour past its expiry, as rate-limiter-flexible's own clean-up does, so a
 * counter being renewed at that moment is not deleted under it.
 */
export const dbTasks: TaskList = {
  [REMOVE_OLD_IDEMPOTENCY_KEYS]: (_payload, helpers) =>
    helpers.withPgClient(async (client) => {
      await drizzle(client).delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - ${KEY_LIFETIME}`));
    }),
  [REMOVE_EXPIRED_RATE_LIMITS]: (_payload, helpers) =>
    helpers.withPgClient(async (client) => {
      // `expire` is in epoch milliseconds (the library's column layout).
      const anHourAgo = sql`(extract(epoch from now()) * 1000 - 3600000)::bigint`;
      await drizzle(client).delete(rateLimits).where(and(isNotNull(rateLimits.expire), lt(rateLimits.expire, anHourAgo)));
    }),
};

/** When the job queue runs them (server/jobs composes every area's schedule). */
export const dbSchedule: CronItem[] = [
  { task: REMOVE_OLD_IDEMPOTENCY_KEYS, match: '23 * * * *' },
  { task: REMOVE_EXPIRED_RATE_LIMITS, match: '*/10 * * * *' },
];
