import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { messages } from '../../../domain/messages.ts';
import type { Db } from '../../db/client.ts';
import type { AppEnv, SurveyLimits } from '../../env.ts';
import { ApiError } from '../../errors.ts';
import { addressKey, type Limit } from '../../idp/throttle.ts';

/**
 * A patient answers once; a household or a clinic's guest network shares one address, so a few
 * dozen answers per 10 minutes pass, and a script filling the results does not.
 */
export const defaultSurveyLimits: SurveyLimits = {
  answers: { attempts: 30, minutes: 10 },
  reads: { attempts: 300, minutes: 10 },
};

/**
 * The client's address: the connection's, or with `trustProxyHops` n the entry n from the right
 * of X-Forwarded-For (what the outermost trusted proxy saw), which a client cannot forge. Like the
 * sign-in throttle (koa's `maxIpsCount`).
 */
export function clientAddress(c: Context<AppEnv>, trustProxyHops: number): string {
  if (trustProxyHops > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (forwarded.length > 0) return forwarded[Math.max(0, forwarded.length - trustProxyHops)]!;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No Node connection (the API called in-process, as tests do): one client.
    return 'unknown';
  }
}

type Limiters = { answers: RateLimiterPostgres; reads: RateLimiterPostgres };
const limitersOf = new WeakMap<Db, Map<SurveyLimits, Limiters>>();

/**
 * rate-limiter-flexible's PostgreSQL store (table `rate_limits`, shared with the sign-in
 * throttle), so every server process counts the same answers.
 */
function limiters(db: Db, limits: SurveyLimits): Limiters {
  let byLimits = limitersOf.get(db);
  if (!byLimits) limitersOf.set(db, (byLimits = new Map()));
  let found = byLimits.get(limits);
  if (!found) {
    // The pool drizzle was built on (server/db/client.ts `connect`): `Db` leaves it out of its type.
    const pool = (db as Db & { $client: pg.Pool }).$client;
    // Expired counters are deleted by the job queue (server/db/tasks.ts), not by a timer in each process.
    const limiter = (keyPrefix: string, limit: Limit) =>
      new RateLimiterPostgres({ storeClient: pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true, clearExpiredByTimeout: false, keyPrefix, points: limit.attempts, duration: limit.minutes * 60 });
    found = { answers: limiter('survey-answers', limits.answers), reads: limiter('survey-reads', limits.reads) };
    byLimits.set(limits, found);
  }
  return found;
}

/** Counts one use by the client; 429 with Retry-After when its limit is used up. */
export async function throttle(c: Context<AppEnv>, kind: keyof SurveyLimits): Promise<void> {
  const { db, trustProxyHops = 0, surveyLimits = defaultSurveyLimits } = c.var.deps;
  try {
    await limiters(db, surveyLimits)[kind].consume(addressKey(clientAddress(c, trustProxyHops)));
  } catch (error) {
    // A RateLimiterRes is a used-up limit; anything else is the store failing (answered as such, not let through).
    if (!(error instanceof RateLimiterRes)) throw error;
    c.header('Retry-After', String(Math.max(1, Math.ceil(error.msBeforeNext / 1000))));
    throw new ApiError(429, 'too_many_requests', messages.surveyTooManyRequests);
  }
}
