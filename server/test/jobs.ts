import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { connect, type Db } from '../db/client.ts';
import { startJobs, type JobRunner } from '../jobs/index.ts';
import { testDeps } from './deps.ts';
import { createTestDatabase } from './test-db.ts';

/**
 * Jobs due now or running (a failed one waiting for its retry is not due yet). A running job whose
 * key was taken by a newer one has its attempts set to the maximum by graphile-worker, and still runs.
 */
const pendingJobs = sql`select count(*)::int as n from graphile_worker.jobs where locked_at is not null or (attempts < max_attempts and run_at <= now())`;

/** Resolves when every job added so far (and every job they added) has run. */
export async function drained(jobs: JobRunner, db: Db): Promise<void> {
  for (;;) {
    // Listen first, then look: a job finishing in between still wakes the wait.
    let stopListening = () => {};
    const finished = new Promise<void>((resolve) => {
      const done = () => {
        stopListening();
        resolve();
      };
      stopListening = () => {
        jobs.events.off('job:complete', done);
        jobs.events.off('pool:gracefulShutdown', done);
      };
      jobs.events.on('job:complete', done);
      jobs.events.on('pool:gracefulShutdown', done);
    });
    const { rows } = await db.execute<{ n: number }>(pendingJobs).catch((error: unknown) => {
      stopListening();
      throw error;
    });
    // Nothing left: the listeners go (a drained queue left them behind, 11 after a file's calls, and Node warned).
    if (rows[0]!.n === 0) return stopListening();
    await finished;
  }
}

/** Runs a task of the queue now, as its schedule would (through the queue), and waits until it has run. */
export async function runNow(jobs: JobRunner, db: Db, task: string): Promise<void> {
  await db.execute(sql`select graphile_worker.add_job(${task})`);
  await drained(jobs, db);
}

/**
 * The job queue running on a fresh test database (no seed), for the tests of an area's tasks:
 *
 *   let queue: TestQueue;
 *   beforeAll(async () => { queue = await createTestQueue(); });
 *   afterAll(() => queue.close());
 */
export async function createTestQueue() {
  const testDb = await createTestDatabase();
  const database = connect(testDb.url);
  const recordingsDir = await mkdtemp(path.join(tmpdir(), 'astera-queue-'));
  const jobs = await startJobs(testDb.url, testDeps(database.db, recordingsDir)).catch(async (error: unknown) => {
    await database.close();
    await testDb.drop();
    await rm(recordingsDir, { recursive: true, force: true });
    throw error;
  });
  return {
    db: database.db,
    /** Runs a task of the queue now, as its schedule would, and waits until it has run. */
    runNow: (task: string) => runNow(jobs, database.db, task),
    async close() {
      await jobs.stop();
      await database.close();
      await testDb.drop();
      await rm(recordingsDir, { recursive: true, force: true });
    },
  };
}

export type TestQueue = Awaited<ReturnType<typeof createTestQueue>>;
