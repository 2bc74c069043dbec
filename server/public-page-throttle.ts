import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { PublicPage, PublicPageLimit } from '../domain/public-pages.ts';
import type { Db } from './db/client.ts';
import type { AppEnv } from './env.ts';
import { ApiError } from './errors.ts';
import { addressKey } from './idp/throttle.ts';

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

const limitersOf = new WeakMap<Db, Map<string, RateLimiterPostgres>>();

/**
 * rate-limiter-flexible's PostgreSQL store (table `rate_limits`, shared with the sign-in
 * throttle), so every server process counts the same uses. The counters of a page's kind are
 * `{page}-{kind}` (the survey's answers: `survey-answers`, as before the list).
 */
function limiter(db: Db, keyPrefix: string, limit: PublicPageLimit): RateLimiterPostgres {
  let byKey = limitersOf.get(db);
  if (!byKey) limitersOf.set(db, (byKey = new Map()));
  const key = `${keyPrefix} ${limit.attempts}/${limit.minutes}`;
  let found = byKey.get(key);
  if (!found) {
    // The pool drizzle was built on (server/db/client.ts `connect`): `Db` leaves it out of its type.
    const pool = (db as Db & { $client: pg.Pool }).$client;
    // Expired counters are deleted by the job queue (server/db/tasks.ts), not by a timer in each process.
    found = new RateLimiterPostgres({ storeClient: pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true, clearExpiredByTimeout: false, keyPrefix, points: limit.attempts, duration: limit.minutes * 60 });
    byKey.set(key, found);
  }
  return found;
}

/**
 * Counts one use of a public page's endpoint by the client; 429 with Retry-After (and the page's
 * own message) when its limit is used up. The limit is the server's setting for the page and
 * kind (`publicPageLimits`), else the page's own (domain/public-pages.ts).
 */
export async function throttle<Kind extends string>(c: Context<AppEnv>, page: PublicPage<string, Kind>, kind: Kind): Promise<void> {
  const { db, trustProxyHops = 0, publicPageLimits } = c.var.deps;
  // The settings are typed by the listed pages' names and kinds; the throttle takes any page.
  const byPage: Partial<Record<string, Partial<Record<string, PublicPageLimit>>>> = publicPageLimits ?? {};
  const configured = byPage[page.name]?.[kind];
  try {
    await limiter(db, `${page.name}-${kind}`, configured ?? page.limits[kind]).consume(addressKey(clientAddress(c, trustProxyHops)));
  } catch (error) {
    // A RateLimiterRes is a used-up limit; anything else is the store failing (answered as such, not let through).
    if (!(error instanceof RateLimiterRes)) throw error;
    c.header('Retry-After', String(Math.max(1, Math.ceil(error.msBeforeNext / 1000))));
    throw new ApiError(429, 'too_many_requests', page.tooManyRequests);
  }
}
