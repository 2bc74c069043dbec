import pg from 'pg';
import { parseCronItems, run, type CronItem, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker';
import { jobQueueLogger as logger } from '../db/migrate.ts';
import { authSchedule, authTasks } from '../auth/tasks.ts';
import { dbSchedule, dbTasks } from '../db/tasks.ts';
import { idpSchedule, idpTasks } from '../idp/tasks.ts';
import { fanOutNotifications, FAN_OUT_TASK } from '../notifications/fan-out.ts';
import { interactionsSchedule, interactionTasks, type InteractionJobs } from '../interactions/tasks.ts';

/**
 * The durable job queue (architecture "Jobs"): graphile-worker 0.16 keeps its jobs in PostgreSQL
 * (schema `graphile_worker`), picks new ones up at once through LISTEN/NOTIFY, and lets every
 * server process run the same queue (a job is locked by the one worker that takes it, and retried
 * with backoff when it fails). A job is added inside the transaction of the write that causes it
 * (`graphile_worker.add_job`, e.g. server/notifications/notify.ts), so it exists exactly when
 * that write committed.
 */

/** Every task a server process runs, by name: each area exports its own (workflow tasks join here). */
export const tasks: TaskList = {
  [FAN_OUT_TASK]: fanOutNotifications,
  ...authTasks,
  ...idpTasks,
  ...dbTasks,
};

/**
 * The periodic work (clean-ups), as the queue's own schedule rather than a timer in each process:
 * every process runs the scheduler, and graphile-worker adds each due run once for all of them
 * (its `known_crontabs` row of the item is advanced in the statement that adds the job).
 */
export const schedule: CronItem[] = [...authSchedule, ...idpSchedule, ...dbSchedule];

export type JobRunner = {
  /** What the worker does (a job completes, the pool shuts down…): graphile-worker's events. */
  events: WorkerEvents;
  /** Stops taking jobs, lets the ones running finish, and closes its connections. */
  stop(): Promise<void>;
};

/** How many jobs one process runs at once: fan-outs are short database writes. */
const CONCURRENCY = 2;
/** Backstop polling for jobs scheduled later (retries); new jobs arrive by notification. */
const POLL_INTERVAL_MS = 2_000;

/**
 * Starts this process's worker on the queue (with the server, server/main.ts; and in the test
 * harness). `interactions`: the contact center's placing and ingestion (server/interactions/tasks.ts),
 * given by the server; without it (tests) that job does nothing and is not scheduled.
 */
export async function startJobs(databaseUrl: string, options: { interactions?: InteractionJobs } = {}): Promise<JobRunner> {
  const interactions = options.interactions && options.interactions.syncSeconds > 0 ? options.interactions : null;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONCURRENCY + 2 });
  pool.on('error', () => {});
  const runner: Runner = await run({
    pgPool: pool,
    concurrency: CONCURRENCY,
    pollInterval: POLL_INTERVAL_MS,
    // server/main.ts owns the signals and stops the runner in its own order.
    noHandleSignals: true,
    logger,
    taskList: { ...tasks, ...interactionTasks(interactions) },
    parsedCronItems: parseCronItems(interactions ? [...schedule, ...interactionsSchedule] : schedule),
  }).catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  let stopped: Promise<void> | null = null;
  return {
    events: runner.events,
    stop() {
      stopped ??= runner.stop().finally(() => pool.end());
      return stopped;
    },
  };
}
