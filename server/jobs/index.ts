import { EventEmitter } from 'node:events';
import pg from 'pg';
import { parseCronItems, run, type CronItem, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker';
import { isDatabaseUnavailable } from '../db/client.ts';
import { jobQueueLogger as logger } from '../db/migrate.ts';
import { authSchedule, authTasks } from '../auth/tasks.ts';
import { dbSchedule, dbTasks } from '../db/tasks.ts';
import { idpSchedule, idpTasks } from '../idp/tasks.ts';
import { fanOutNotifications, FAN_OUT_TASK } from '../notifications/fan-out.ts';
import { interactionsSchedule, interactionTasks, type InteractionJobs } from '../interactions/tasks.ts';
import { telephonySchedule, telephonyTasks } from '../telephony/tasks.ts';
import { workflowTasks } from '../workflows/tasks.ts';
import { webhookCleanupTasks, webhookSchedule, webhookTasks } from '../webhooks/tasks.ts';
import { watchWorkers } from './liveness.ts';
import type { Deps } from '../env.ts';

/**
 * The durable job queue (architecture "Jobs"): graphile-worker 0.16 keeps its jobs in PostgreSQL
 * (schema `graphile_worker`), picks new ones up at once through LISTEN/NOTIFY, and lets every
 * server process run the same queue (a job is locked by the one worker that takes it, and retried
 * with backoff when it fails). A job is added inside the transaction of the write that causes it
 * (`graphile_worker.add_job`, e.g. server/notifications/notify.ts), so it exists exactly when
 * that write committed.
 */

/** The tasks that need nothing but the queue's own connection (clean-ups): each area exports its own. */
export const tasks: TaskList = {
  ...authTasks,
  ...idpTasks,
  ...dbTasks,
  ...telephonyTasks,
  ...webhookCleanupTasks,
};

/**
 * Every task a server process runs, by name, given the dependencies object the routes get
 * (server/deps.ts): a task that writes records does so through the audited write, as its system
 * actor (workflow tasks join here).
 */
export const taskList = (deps: Deps): TaskList => ({
  ...tasks,
  [FAN_OUT_TASK]: fanOutNotifications(deps.db),
  ...workflowTasks(deps, deps.workflowRunner),
  ...webhookTasks(deps),
});

/**
 * The periodic work (clean-ups), as the queue's own schedule rather than a timer in each process:
 * every process runs the scheduler, and graphile-worker adds each due run once for all of them
 * (its `known_crontabs` row of the item is advanced in the statement that adds the job).
 */
export const schedule: CronItem[] = [...authSchedule, ...idpSchedule, ...dbSchedule, ...telephonySchedule, ...webhookSchedule];

export type JobRunner = {
  /** What the worker does (a job completes, the pool shuts down…): graphile-worker's events. */
  events: WorkerEvents;
  /** Stops taking jobs, lets the ones running finish, and closes its connections. */
  stop(): Promise<void>;
};

/**
 * How many jobs one process runs at once: fan-outs are short database writes, but a workflow
 * item's try waits on the carrier (and on its number's pace), so several run side by side.
 */
const CONCURRENCY = 8;
/** Backstop polling for jobs scheduled later (retries); new jobs arrive by notification. */
const POLL_INTERVAL_MS = 2_000;

/** How often the contact center's calls are placed (simulator) and read into the history (config.interactions). */
export type InteractionsSchedule = Pick<InteractionJobs, 'callsPerHour' | 'syncSeconds'>;

/**
 * Starts this process's worker on the queue (with the server, server/main.ts; and in the test
 * harness), its jobs given the same dependencies object as the routes (server/deps.ts).
 * `interactions`: the contact center's placing and ingestion (server/interactions/tasks.ts),
 * given by the server; without it (tests) that job does nothing and is not scheduled.
 */
export async function startJobs(databaseUrl: string, deps: Deps, options: { interactions?: InteractionsSchedule } = {}): Promise<JobRunner> {
  const interactions =
    options.interactions && options.interactions.syncSeconds > 0
      ? { db: deps.db, contactCenter: deps.contactCenter, recordings: deps.recordings, ...options.interactions }
      : null;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONCURRENCY + 4 });
  pool.on('error', () => {});
  let running = true;
  waitForDatabase(pool, () => running);
  // Before the workers start: each one is recorded as alive from its creation (liveness.ts).
  const events = new EventEmitter() as WorkerEvents;
  const stopWatching = watchWorkers(events, pool);
  const runner: Runner = await run({
    events,
    pgPool: pool,
    concurrency: CONCURRENCY,
    pollInterval: POLL_INTERVAL_MS,
    // server/main.ts owns the signals and stops the runner in its own order.
    noHandleSignals: true,
    logger,
    taskList: { ...taskList(deps), ...interactionTasks(interactions) },
    parsedCronItems: parseCronItems(interactions ? [...schedule, ...interactionsSchedule] : schedule),
  }).catch(async (error: unknown) => {
    await stopWatching();
    await pool.end();
    throw error;
  });
  let stopped: Promise<void> | null = null;
  return {
    events: runner.events,
    stop() {
      running = false;
      stopped ??= runner
        .stop()
        .then(stopWatching)
        .finally(() => pool.end());
      return stopped;
    },
  };
}

/** How long a query waits before trying again while the database is away: 100 ms, doubling, at most 5 s. */
const retryDelay = (attempt: number) => Math.min(5_000, 100 * 2 ** attempt);

/**
 * graphile-worker's scheduler runs its once-a-minute statement with `pgPool.query` and, when it
 * fails, stops the whole runner ("the calling code should re-schedule"); its own promises then
 * reject with no handler, which ends the process (a database down across a minute's turn once
 * took the server with it: faults.test.ts). So the queue's pool waits for the database instead:
 * a `query` that fails because the database cannot be reached (isDatabaseUnavailable) is tried
 * again, with backoff, while `running()`. Every other error, and any after the runner stopped,
 * fails at once as before. The scheduler's statement is safe to repeat (each due run is added once).
 */
export function waitForDatabase(pool: Pick<pg.Pool, 'query'>, running: () => boolean, delay: (attempt: number) => number = retryDelay) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const waiting = async (...args: unknown[]) => {
    // A callback-style call (node-postgres's own) keeps its old behaviour.
    if (typeof args.at(-1) === 'function') return query(...args);
    for (let attempt = 0; ; attempt++) {
      try {
        return await query(...args);
      } catch (error) {
        if (!running() || !isDatabaseUnavailable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay(attempt)));
        if (!running()) throw error;
      }
    }
  };
  (pool as { query: unknown }).query = waiting;
}
