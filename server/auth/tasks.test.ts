import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokedSignIns, revokedTokens } from '../db/schema/index.ts';
import { createTestQueue, type TestQueue } from '../test/jobs.ts';
import { REMOVE_EXPIRED_REVOCATIONS } from './tasks.ts';

let queue: TestQueue;
beforeAll(async () => {
  queue = await createTestQueue();
});
afterAll(() => queue.close());

describe('the clean-up of revoked tokens (job queue)', () => {
  it('deletes the revocations of tokens that have expired and keeps those of tokens still valid', async () => {
    await queue.db.insert(revokedTokens).values([
      { jti: 'expired', expiresAt: sql`now() - interval '1 second'` },
      { jti: 'long-expired', expiresAt: sql`now() - interval '3 days'` },
      { jti: 'valid', expiresAt: sql`now() + interval '50 minutes'` },
    ]);
    await queue.db.insert(revokedSignIns).values([
      { signIn: 'sid:expired', expiresAt: sql`now() - interval '1 second'` },
      { signIn: 'sid:valid', expiresAt: sql`now() + interval '29 days'` },
    ]);

    await queue.runNow(REMOVE_EXPIRED_REVOCATIONS);

    const left = await queue.db.select({ jti: revokedTokens.jti }).from(revokedTokens);
    expect(left).toEqual([{ jti: 'valid' }]);
    expect(await queue.db.select({ signIn: revokedSignIns.signIn }).from(revokedSignIns)).toEqual([{ signIn: 'sid:valid' }]);
  });
});
