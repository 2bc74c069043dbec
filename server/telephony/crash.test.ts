import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../db/client.ts';
import { accounts, telephonyAttempts } from '../db/schema/index.ts';
import { simTelephonySends } from '../integrations/simulators/schema.ts';
import { createSimulatedTelephony } from '../integrations/telephony/simulator.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { markStranded, send } from './outbox.ts';

let testDb: TestDatabase;
let database: Database;
const account = '33333333-3333-4333-8333-333333333333';
const from = '+14155550100';
const count = 120;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = connect(testDb.url);
  await database.db.insert(accounts).values({ id: account, name: 'Crash practice', createdBy: 'test', modifiedBy: 'test' });
}, 120_000);
afterAll(async () => {
  await database.close();
  await testDb.drop();
});

/** Runs the sender in a process of its own and kills it (SIGKILL) once it has started `killAfter` sends. */
function runAndKill(killAfter: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./crash-child.ts', import.meta.url))], {
      env: { ...process.env, CRASH_DB_URL: testDb.url, CRASH_ACCOUNT: account, CRASH_FROM: from, CRASH_COUNT: String(count) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let started = 0;
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      started = (text.match(/^start /gm) ?? []).length;
      if (started >= killAfter) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve(started) : reject(new Error(`the sender ended by itself (${code}) before it was killed`))));
  });
}

describe('the outbox across a crash', () => {
  it('a sender killed mid-run (kill -9), then run again from the start, sends every text at most once', async () => {
    const started = await runAndKill(40);
    expect(started).toBeGreaterThanOrEqual(40);
    expect(started).toBeLessThan(count);

    // The next process: attempts the crash left pending are closed as outcome unknown, then every send is made again (as a job retried from the start).
    await markStranded(database.db, 0);
    const carrier = createSimulatedTelephony(database.db, { failureRate: 0, outcomeMs: 3_600_000 });
    for (let i = 0; i < count; i += 1) {
      await send(database.db, carrier, 'https://portal.example', { accountId: account, key: `crash:${i}`, kind: 'message', from, to: `+1628555${String(5000 + i)}`, body: `Reminder ${i}` });
    }

    // What the carrier received: one text per number at most, and every number reached or accounted for.
    const received = await database.db
      .select({ to: simTelephonySends.toNumber, n: sql<number>`count(*)::int` })
      .from(simTelephonySends)
      .where(and(eq(simTelephonySends.fromNumber, from), like(simTelephonySends.toNumber, '+16285555%')))
      .groupBy(simTelephonySends.toNumber);
    expect(received.filter((row) => row.n > 1)).toEqual([]);
    const attempts = await database.db.select().from(telephonyAttempts).where(eq(telephonyAttempts.accountId, account));
    expect(attempts).toHaveLength(count);
    // Each attempt either went out once (sent) or, caught by the kill between writing and the answer, is
    // outcome_unknown: then the carrier has it at most once, and it was not sent again.
    expect(new Set(attempts.map((a) => a.status))).toEqual(new Set(attempts.some((a) => a.status === 'outcome_unknown') ? ['sent', 'outcome_unknown'] : ['sent']));
    const reached = new Set(received.map((row) => row.to));
    for (const attempt of attempts) if (attempt.status === 'sent') expect(reached.has(attempt.toNumber)).toBe(true);
    expect(attempts.filter((a) => a.status === 'outcome_unknown').length).toBeLessThanOrEqual(1);
  }, 120_000);
});
