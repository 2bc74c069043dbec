import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowTask } from '../../domain/workflows.ts';
import { connect, type Database } from '../db/client.ts';
import { accounts, taskWorkflowItems, taskWorkflows, telephonyAttempts } from '../db/schema/index.ts';
import { simTelephonySends } from '../integrations/simulators/schema.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { enqueueItems } from './queue.ts';

let testDb: TestDatabase;
let database: Database;
const account = '66666666-6666-4666-8666-666666666666';
const count = 60;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = connect(testDb.url);
  await database.db.insert(accounts).values({ id: account, name: 'Crash practice', createdBy: 'test', modifiedBy: 'test' });
}, 120_000);
afterAll(async () => {
  await database.close();
  await testDb.drop();
});

function start(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./runner-process.ts', import.meta.url))], {
    env: { ...process.env, CRASH_DB_URL: testDb.url },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const stopped = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`waited ${ms / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('workflows across a crash', () => {
  it('a runner killed mid-run (kill -9), then two started on the same queue, finish every item, and no patient gets a call or a text twice', async () => {
    const tasks = [
      { name: 'sendSMS', delay: { amount: 0, unit: 'days' }, variables: { text: 'Your appointment is due, {{patientName}}.', sourceNumber: '(415) 555-0100' } },
      { name: 'outboundCall', delay: { amount: 0, unit: 'hours' }, variables: { sourceNumber: '(415) 555-0100' } },
    ] as WorkflowTask[];
    const [workflow] = await database.db
      .insert(taskWorkflows)
      .values({ accountId: account, title: 'Crash', description: 'Test', status: 'ACTIVE', tasks, createdBy: 'test', modifiedBy: 'test' })
      .returning();
    const state = 'OR';
    const items = await database.db
      .insert(taskWorkflowItems)
      .values(
        Array.from({ length: count }, (_, i) => {
          const phone = `+1628555${String(6000 + i)}`;
          return {
            accountId: account,
            workflowId: workflow!.id,
            status: 'RUNNING' as const,
            currentTask: 0,
            tasks,
            source: 'api' as const,
            generalInfo: { patientName: `Pat ${i}`, phone, mrn: null, dob: null, email: null, address: `${i} Main St, Town, ${state} 00000`, balance: null, payerClassA: null, maximumDiscount: null },
            patientName: `Pat ${i}`,
            phone,
            nextAttemptAt: new Date(),
            createdBy: 'test',
            modifiedBy: 'test',
          };
        }),
      )
      .returning({ id: taskWorkflowItems.id });
    await enqueueItems(
      database.db,
      items.map((item) => ({ accountId: account, itemId: item.id, runAt: new Date() })),
    );
    const sends = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(telephonyAttempts).where(like(telephonyAttempts.key, 'workflow:%')))[0]!.n;

    // The first runner, killed once it has made about a third of the sends.
    const first = start();
    await until(async () => (await sends()) >= count * 0.6, 90_000, 'the first runner to make its sends');
    first.kill('SIGKILL');
    await stopped(first);
    const atKill = await sends();
    expect(atKill).toBeLessThan(count * 2);

    // Two runners on the same queue (the way the portal grows past one machine) finish the rest.
    const others = [start(), start()];
    try {
      await until(
        async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(taskWorkflowItems).where(and(eq(taskWorkflowItems.workflowId, workflow!.id), eq(taskWorkflowItems.status, 'RUNNING'))))[0]!.n === 0,
        120_000,
        'every item to end',
      );
    } catch (error) {
      const items = await database.db.select({ status: taskWorkflowItems.status, task: taskWorkflowItems.currentTask, held: taskWorkflowItems.heldReason, next: taskWorkflowItems.nextAttemptAt }).from(taskWorkflowItems).where(eq(taskWorkflowItems.workflowId, workflow!.id));
      const attempts = await database.db.select({ status: telephonyAttempts.status, n: sql<number>`count(*)::int` }).from(telephonyAttempts).groupBy(telephonyAttempts.status);
      const jobs = await database.db.execute(sql`select task_identifier, count(*), min(run_at), max(attempts), max(last_error) from graphile_worker.jobs group by 1`);
      console.log(JSON.stringify({ items: items.slice(0, 5), running: items.filter((i) => i.status === 'RUNNING').length, attempts, jobs: jobs.rows }, null, 1));
      throw error;
    } finally {
      for (const child of others) child.kill('SIGKILL');
      await Promise.all(others.map(stopped));
    }

    // What the carrier received: at most one text and one call per patient.
    const received = await database.db
      .select({ to: simTelephonySends.toNumber, kind: simTelephonySends.kind, n: sql<number>`count(*)::int` })
      .from(simTelephonySends)
      .where(like(simTelephonySends.toNumber, '+16285556%'))
      .groupBy(simTelephonySends.toNumber, simTelephonySends.kind);
    expect(received.filter((row) => row.n > 1)).toEqual([]);
    // Every item ended; the few a kill caught between writing a send and the carrier's answer timed out (never resent), the rest succeeded.
    const ended = await database.db.select({ status: taskWorkflowItems.status, n: sql<number>`count(*)::int` }).from(taskWorkflowItems).where(eq(taskWorkflowItems.workflowId, workflow!.id)).groupBy(taskWorkflowItems.status);
    const by = Object.fromEntries(ended.map((row) => [row.status, row.n]));
    expect(Object.keys(by).every((status) => status === 'SUCCEEDED' || status === 'TIMED_OUT')).toBe(true);
    expect(by.SUCCEEDED ?? 0).toBeGreaterThanOrEqual(count - 4);
    // Each succeeded item's patient got exactly its text and its call.
    const succeeded = await database.db.select({ phone: taskWorkflowItems.phone }).from(taskWorkflowItems).where(and(eq(taskWorkflowItems.workflowId, workflow!.id), eq(taskWorkflowItems.status, 'SUCCEEDED')));
    const reached = await database.db
      .select({ to: simTelephonySends.toNumber, n: sql<number>`count(*)::int` })
      .from(simTelephonySends)
      .where(inArray(simTelephonySends.toNumber, succeeded.map((row) => row.phone)))
      .groupBy(simTelephonySends.toNumber);
    expect(reached).toHaveLength(succeeded.length);
    expect(reached.every((row) => row.n === 2)).toBe(true);
  }, 240_000);
});
