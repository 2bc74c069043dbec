import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import type { CallWorld } from '../simulators/contact-center-calls.ts';
import { keepSimulatedCalls, planCalls } from '../simulators/contact-center-placing.ts';
import { describeContactCenterContract } from './contract.ts';
import type { ContactCenterAccount } from './port.ts';
import { createContactCenter } from './index.ts';
import { basicQueue, coreQueuesOf, createSimulatedContactCenter, keptLaterQueues, laterQueueNames } from './simulator.ts';

let testDb: TestDatabase;
let database: Database;
beforeAll(async () => {
  testDb = await createTestDatabase();
  database = connect(testDb.url);
}, 120_000);
afterAll(async () => {
  await database.close();
  await testDb.drop();
});

const accountA = '11111111-1111-4111-8111-111111111111';
const accountB = '22222222-2222-4222-8222-222222222222';
const names = (queues: { queueName: string }[]) => queues.map((q) => q.queueName);

describe('contact-center simulator', () => {
  it('starts each instance with BasicQueue and five queues picked from the account id, with Connect ARNs', async () => {
    const sim = createSimulatedContactCenter(database.db);
    const first = await sim.listQueues({ id: accountA, awsConnect: null });
    expect(names(first).sort()).toEqual([basicQueue, ...coreQueuesOf(accountA)].sort());
    for (const q of first) expect(q.queueArn).toMatch(new RegExp(`^arn:aws:connect:us-(east-1|west-2):\\d{12}:instance/[0-9a-f-]{36}/queue/${q.queueId}$`));
    // Another account: its own instance, its own ids.
    const other = await sim.listQueues({ id: accountB, awsConnect: null });
    expect(other.map((q) => q.queueId)).not.toContain(first[0]!.queueId);
  });

  it('is deterministic: a fresh database gives the same account the same queues and ids', async () => {
    const again = await createTestDatabase();
    const db2 = connect(again.url);
    try {
      const a = await createSimulatedContactCenter(db2.db).listQueues({ id: accountA, awsConnect: null });
      const b = await createSimulatedContactCenter(database.db).listQueues({ id: '33333333-3333-4333-8333-333333333333', awsConnect: null });
      const c = await createSimulatedContactCenter(db2.db).listQueues({ id: '33333333-3333-4333-8333-333333333333', awsConnect: null });
      expect(c).toEqual(b);
      expect(names(a).sort()).toEqual([basicQueue, ...coreQueuesOf(accountA)].sort());
    } finally {
      await db2.close();
      await again.drop();
    }
  });

  it('changes with each later listing: adds the next queue, then removes the oldest added one, never a starting queue', async () => {
    const sim = createSimulatedContactCenter(database.db);
    const fresh = { id: '44444444-4444-4444-8444-444444444444', awsConnect: null };
    const start = names(await sim.listQueues(fresh));
    const seen: string[][] = [];
    for (let i = 0; i < keptLaterQueues + 2; i++) seen.push(names(await sim.listQueues(fresh)));
    // The first listing after the start was this account's second: it added the first later queue.
    expect(seen[0]).toContain(laterQueueNames[0]);
    const last = seen.at(-1)!;
    expect(last).toEqual(expect.arrayContaining(start));
    expect(last.length).toBe(start.length + keptLaterQueues);
    expect(last).not.toContain(laterQueueNames[0]);
    expect(last).toContain(laterQueueNames[keptLaterQueues + 1]);
  });

  it("uses the account's awsConnect settings in the ARNs where they are given", async () => {
    const sim = createSimulatedContactCenter(database.db);
    const queues = await sim.listQueues({ id: accountA, awsConnect: { accountId: '999988887777', instanceId: 'my-instance', region: 'eu-west-2' } });
    for (const q of queues) expect(q.queueArn).toBe(`arn:aws:connect:eu-west-2:999988887777:instance/my-instance/queue/${q.queueId}`);
  });

  it('createContactCenter builds the simulator for the simulator settings', () => {
    expect(createContactCenter({ kind: 'simulator' }, database.db).kind).toBe('simulator');
  });
});

const contractNow = Date.parse('2026-01-05T18:00:00Z');
describeContactCenterContract('simulator', async () => {
  const contactCenter = createSimulatedContactCenter(database.db, { now: () => contractNow });
  const accounts: [ContactCenterAccount, ContactCenterAccount] = [
    { id: '55555555-5555-4555-8555-555555555555', awsConnect: null },
    { id: '66666666-6666-4666-8666-666666666666', awsConnect: null },
  ];
  for (const account of accounts) {
    const queues = await contactCenter.listQueues(account);
    const world: CallWorld = {
      queues: queues.map((q) => ({ ...q, dispositions: ['Resolved'] })),
      agents: [{ userId: '77777777-7777-4777-8777-777777777777', name: 'Ana Ruiz', username: 'ana@example.test' }],
      known: [],
      systemPhoneNumber: '+18005550100',
    };
    // The same seed each time: the calls are kept once.
    await keepSimulatedCalls(database.db, account.id, planCalls(world, `contract:${account.id}`, contractNow - 3 * 3600_000, contractNow - 3600_000, 60));
  }
  return { contactCenter, accounts, window: { since: new Date(contractNow - 4 * 3600_000), until: new Date(contractNow) } };
});
