import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestQueue, type TestQueue } from '../test/jobs.ts';
import { idempotencyKeys, rateLimits } from './schema/index.ts';
import { REMOVE_EXPIRED_RATE_LIMITS, REMOVE_OLD_IDEMPOTENCY_KEYS } from './tasks.ts';

let queue: TestQueue;
beforeAll(async () => {
  queue = await createTestQueue();
});
afterAll(() => queue.close());

describe('the clean-up of Idempotency-Keys (job queue)', () => {
  it('deletes the keys past their 24 hours, whoever sent them, and keeps the younger ones', async () => {
    const account = '00000000-0000-4000-8000-000000000001';
    const key = (callerId: string, name: string, age: string) => ({
      accountId: account,
      callerId,
      key: name,
      requestHash: 'h',
      result: { value: null },
      createdAt: sql`now() - ${age}::interval`,
    });
    await queue.db.insert(idempotencyKeys).values([
      key('ann', 'old', '25 hours'),
      key('bob', 'old', '3 days'),
      key('ann', 'young', '23 hours'),
      key('bob', 'new', '1 minute'),
    ]);

    await queue.runNow(REMOVE_OLD_IDEMPOTENCY_KEYS);

    const left = await queue.db.select({ callerId: idempotencyKeys.callerId, key: idempotencyKeys.key }).from(idempotencyKeys).orderBy(idempotencyKeys.key);
    expect(left).toEqual([
      { callerId: 'bob', key: 'new' },
      { callerId: 'ann', key: 'young' },
    ]);
  });
});

describe("the clean-up of the rate limiters' counters (job queue)", () => {
  it('deletes the counters expired over an hour ago and keeps the others', async () => {
    const now = Date.now();
    const minutes = (n: number) => now + n * 60_000;
    await queue.db.insert(rateLimits).values([
      { key: 'signin-email:old', points: 5, expire: minutes(-120) },
      { key: 'survey-reads:old', points: 1, expire: minutes(-61) },
      { key: 'signin-address:recent', points: 3, expire: minutes(-10) },
      { key: 'signin-email:counting', points: 1, expire: minutes(15) },
      { key: 'forever', points: 1, expire: null },
    ]);

    await queue.runNow(REMOVE_EXPIRED_RATE_LIMITS);

    const left = await queue.db.select({ key: rateLimits.key }).from(rateLimits).orderBy(rateLimits.key);
    expect(left.map((row) => row.key)).toEqual(['forever', 'signin-address:recent', 'signin-email:counting']);
  });
});
