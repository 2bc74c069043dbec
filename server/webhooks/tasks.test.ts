import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, webhookEvents } from '../db/schema/index.ts';
import { createTestQueue, type TestQueue } from '../test/jobs.ts';
import { REMOVE_OLD_WEBHOOK_EVENTS } from './tasks.ts';

let queue: TestQueue;
const account = '99999999-9999-4999-8999-999999999999';
beforeAll(async () => {
  queue = await createTestQueue();
  await queue.db.insert(accounts).values({ id: account, name: 'Old events', createdBy: 'test', modifiedBy: 'test' });
}, 120_000);
afterAll(() => queue.close());

describe('webhooks.remove-old-events', () => {
  it('deletes events past 30 days and keeps the rest', async () => {
    const day = 24 * 3_600_000;
    await queue.db.insert(webhookEvents).values([
      { accountId: account, type: 'person.created', recordId: 'old', createdAt: new Date(Date.now() - 31 * day) },
      { accountId: account, type: 'person.created', recordId: 'recent', createdAt: new Date(Date.now() - 29 * day) },
    ]);
    await queue.runNow(REMOVE_OLD_WEBHOOK_EVENTS);
    const left = await queue.db.select({ recordId: webhookEvents.recordId }).from(webhookEvents).where(eq(webhookEvents.accountId, account));
    expect(left).toEqual([{ recordId: 'recent' }]);
  });
});
