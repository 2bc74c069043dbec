import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcPayloads } from '../db/schema/index.ts';
import { createTestQueue, type TestQueue } from '../test/jobs.ts';
import { REMOVE_EXPIRED_IDP_ROWS } from './tasks.ts';

let queue: TestQueue;
beforeAll(async () => {
  queue = await createTestQueue();
});
afterAll(() => queue.close());

describe("the clean-up of the identity provider's rows (job queue)", () => {
  it('deletes the rows past their expiry and keeps the live ones and those that never expire', async () => {
    const row = (model: string, id: string, expiresAt: ReturnType<typeof sql> | null) => ({ model, id, payload: { jti: id }, expiresAt });
    await queue.db.insert(oidcPayloads).values([
      row('Interaction', 'expired-interaction', sql`now() - interval '1 second'`),
      row('Session', 'expired-session', sql`now() - interval '2 days'`),
      row('Session', 'live-session', sql`now() + interval '14 days'`),
      row('Client', 'forever', null),
    ]);

    await queue.runNow(REMOVE_EXPIRED_IDP_ROWS);

    const left = await queue.db.select({ model: oidcPayloads.model, id: oidcPayloads.id }).from(oidcPayloads).orderBy(oidcPayloads.id);
    expect(left).toEqual([
      { model: 'Client', id: 'forever' },
      { model: 'Session', id: 'live-session' },
    ]);
  });
});
