/**
 * A server process as far as webhooks go, for server/webhooks/crash.test.ts: a graphile-worker
 * running the delivery job against the test's receiver (on 127.0.0.1, so with the development
 * setting), with retries a fraction of a second apart. The test kills it (kill -9) part-way, then
 * starts another.
 */
import { EventEmitter } from 'node:events';
import { run, type WorkerEvents } from 'graphile-worker';
import pg from 'pg';
import { connect } from '../db/client.ts';
import type { Deps } from '../env.ts';
import { watchWorkers } from '../jobs/liveness.ts';
import { webhookTasks } from './tasks.ts';

const url = process.env.CRASH_DB_URL!;
const database = connect(url);
const deps = { db: database.db, webhooks: { allowPrivateNetworks: true, retrySchedule: Array.from({ length: 9 }, () => 200), jitter: 0, leaseMs: 1_000 } } as unknown as Deps;
const pool = new pg.Pool({ connectionString: url, max: 10 });
const events = new EventEmitter() as WorkerEvents;
// Quick to notice a dead process (the killed one's jobs): the test does not wait the server's 20 s.
watchWorkers(events, pool, { heartbeatMs: 300, staleMs: 1_500 });
await run({
  events,
  pgPool: pool,
  concurrency: 4,
  pollInterval: 200,
  noHandleSignals: true,
  logger: undefined,
  taskList: webhookTasks(deps),
});
