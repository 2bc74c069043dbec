/**
 * A server process as far as workflows go, for server/workflows/crash.test.ts and bench/workflows.ts: a graphile-worker
 * running the workflow runner's jobs against the simulated carrier, whose reports reach the outbox
 * in-process. The test kills it (kill -9) part-way, then starts others.
 */
import { EventEmitter } from 'node:events';
import { run, type WorkerEvents } from 'graphile-worker';
import pg from 'pg';
import { watchWorkers } from '../jobs/liveness.ts';
import { connect } from '../db/client.ts';
import type { Deps } from '../env.ts';
import { createSimulatedTelephony, type SimulatedTelephony } from '../integrations/telephony/simulator.ts';
import { recordStatus } from '../telephony/outbox.ts';
import { workflowTasks } from './tasks.ts';

const url = process.env.CRASH_DB_URL!;
const database = connect(url);
const carrier: SimulatedTelephony = createSimulatedTelephony(database.db, {
  failureRate: 0,
  outcomeMs: 20,
  post: async (callbackUrl, form, signature) => {
    const [, accountId, attemptId] = /status\/([^/]+)\/([^/?]+)$/.exec(callbackUrl)!;
    await recordStatus(database.db, carrier, accountId!, attemptId!, { url: callbackUrl, signature, params: Object.fromEntries(form) });
    return 200;
  },
});
const deps = { db: database.db, telephony: carrier, publicUrl: 'https://portal.example' } as unknown as Deps;
const pool = new pg.Pool({ connectionString: url, max: 10 });
const events = new EventEmitter() as WorkerEvents;
// Quick to notice a dead process (the killed runner's jobs): the test does not wait the server's 20 s.
watchWorkers(events, pool, { heartbeatMs: 300, staleMs: 1_500 });
await run({
  events,
  pgPool: pool,
  concurrency: 4,
  pollInterval: 200,
  noHandleSignals: true,
  logger: undefined,
  // Any hour: the calling window is the runner test's (runner.test.ts), not this one's.
  taskList: workflowTasks(deps, { paceMs: 0, strandedAfterMs: 1_000, callingWindow: 'ignore' }),
});
// The carrier's outcomes, reported as they fall due.
for (;;) {
  await carrier.reportDue().catch(() => 0);
  await new Promise((resolve) => setTimeout(resolve, 25));
}
