import pg from 'pg';
import { run, type Runner, type TaskList } from 'graphile-worker';
import { jobQueueLogger as logger } from '../db/migrate.ts';
import { fanOutNotifications, FAN_OUT_TASK } from '../notifications/fan-out.ts';

/**
 * The durable job queue (architecture "Jobs"): graphile-worker 0.16 keeps its jobs in PostgreSQL
 * (schema `graphile_worker`), picks new ones up at once through LISTEN/NOTIFY, and lets every
 * server process run the same queue (a job is locked by the one worker that takes it, and retried
 * with backoff when it fails). A job is added inside the transaction of the write that causes it
 * (`graphile_worker.add_job`, e.g. server/notifications/notify.ts), so it exists exactly when
 * that write committed.
 */

/** Every task a server process runs, by name (workflow tasks join here). */
const tasks: TaskList = {
  [FAN_OUT_TASK]: fanOutNotifications,
};

export type JobRunner = {
  /** Resolves when every job added so far (and every job they added) has run (for tests). */
  drained(): Promise<void>;
  /** Stops taking jobs, lets the ones running finish, and closes its connections. */
  stop(): Promise<void>;
};

/** How many jobs one process runs at once: fan-outs are short database writes. */
const CONCURRENCY = 2;
/** Backstop polling for jobs scheduled later (retries); new jobs arrive by notification. */
const POLL_INTERVAL_MS = 2_000;

/** Jobs due now or running (a failed one waiting for its retry is not due yet). */
const pendingJobs = "select count(*)::int as n from graphile_worker.jobs where attempts < max_attempts and (locked_at is not null or run_at <= now())";

/** Starts this process's worker on the queue (with the server, server/main.ts; and in the test harness). */
export async function startJobs(databaseUrl: string): Promise<JobRunner> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONCURRENCY + 2 });
  pool.on('error', () => {});
  const runner: Runner = await run({
    pgPool: pool,
    concurrency: CONCURRENCY,
    pollInterval: POLL_INTERVAL_MS,
    // server/main.ts owns the signals and stops the runner in its own order.
    noHandleSignals: true,
    logger,
    taskList: tasks,
  }).catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  let stopped: Promise<void> | null = null;
  return {
    async drained() {
      for (;;) {
        // Listen first, then look: a job finishing in between still wakes the wait.
        const finished = new Promise<void>((resolve) => {
          const done = () => {
            runner.events.off('job:complete', done);
            runner.events.off('pool:gracefulShutdown', done);
            resolve();
          };
          runner.events.on('job:complete', done);
          runner.events.on('pool:gracefulShutdown', done);
        });
        const { rows } = await pool.query<{ n: number }>(pendingJobs);
        if (rows[0]!.n === 0) return;
        await finished;
      }
    },
    stop() {
      stopped ??= runner.stop().finally(() => pool.end());
      return stopped;
    },
  };
}
