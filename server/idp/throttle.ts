import { createHash } from 'node:crypto';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

export type Limit = { attempts: number; minutes: number };

export type SignInLimits = {
  /** Guesses at one account's password, from anywhere. */
  perEmail: Limit;
  /** Guesses from one client address, at any accounts (higher: an office shares one address). */
  perAddress: Limit;
};

export const defaultSignInLimits: SignInLimits = {
  perEmail: { attempts: 5, minutes: 15 },
  perAddress: { attempts: 20, minutes: 15 },
};

export type Attempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type SignInThrottle = {
  /** Counts a sign-in attempt before the password is checked; refused when either limit is used up. */
  attempt(email: string, address: string): Promise<Attempt>;
  /** A successful sign-in does not count against the address, and clears the account's failures. */
  succeeded(email: string, address: string): Promise<void>;
};

/** Emails are hashed: the counters need no personal data, and the store's keys are at most 255 characters. */
function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** The eight 16-bit groups of an IPv6 address (zone index dropped, `::` and a dotted IPv4 tail expanded). */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const groups = halves.length === 2 ? [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail] : head;
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : null;
}

/**
 * The client a counter belongs to. IPv4 clients reaching a dual-stack server as `::ffff:a.b.c.d` count
 * under their IPv4 address; an IPv6 client counts under its /64 network, the block one subscriber gets,
 * or it could change address for every guess.
 */
export function addressKey(address: string): string {
  if (!address.includes(':')) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * Sign-in throttling with rate-limiter-flexible's PostgreSQL store (table `rate_limits`, created by a
 * migration), so every server process sharing the database counts the same attempts. Attempts are counted
 * before the password check, atomically, so parallel guesses cannot slip through between check and count.
 */
export function signInThrottle(pool: pg.Pool, limits: SignInLimits = defaultSignInLimits): SignInThrottle {
  const limiter = (keyPrefix: string, limit: Limit) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      // Expired counters are deleted by the job queue (server/db/tasks.ts), not by a timer in each process.
      clearExpiredByTimeout: false,
      keyPrefix,
      points: limit.attempts,
      duration: limit.minutes * 60,
    });
  const byEmail = limiter('signin-email', limits.perEmail);
  const byAddress = limiter('signin-address', limits.perAddress);

  return {
    async attempt(email, address) {
      const results = await Promise.allSettled([byEmail.consume(emailKey(email)), byAddress.consume(addressKey(address))]);
      let waitMs: number | null = null;
      for (const result of results) {
        if (result.status === 'fulfilled') continue;
        // A RateLimiterRes is a used-up limit; anything else is the store failing, which must not let guesses through.
        if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
        waitMs = Math.max(waitMs ?? 0, result.reason.msBeforeNext);
      }
      return waitMs === null ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
    async succeeded(email, address) {
      const key = addressKey(address);
      // Only the attempt just counted is given back: a reward below zero would bank extra guesses.
      const counted = await byAddress.get(key);
      await Promise.all([byEmail.delete(emailKey(email)), counted && counted.consumedPoints > 0 ? byAddress.reward(key) : null]);
    },
  };
}
