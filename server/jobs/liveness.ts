/**
 * Which of the job queue's workers are alive, so a crashed process's jobs run again within seconds.
 * graphile-worker unlocks a job whose worker vanished only after four hours: an item of a workflow
 * caught by a kill -9 would wait that long. Each process records its workers (`job_workers`) every
 * `heartbeatMs`; every process also sweeps: a job locked for longer than `staleMs` by a worker not
 * seen for `staleMs` is unlocked (graphile-worker's own `forceUnlockWorkers`), and runs again.
 * A job that is run again decides from what it finds (the workflow runner does; a send is never
 * made twice, server/telephony/outbox.ts).
 */
import { makeWorkerUtils, type WorkerEvents } from 'graphile-worker';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';

export type LivenessOptions = { heartbeatMs?: number; staleMs?: number };

export function watchWorkers(events: WorkerEvents, pool: pg.Pool, options: LivenessOptions = {}): () => Promise<void> {
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const staleMs = options.staleMs ?? 20_000;
  const db = drizzle(pool);
  const workers = new Set<string>();
  events.on('worker:create', ({ worker }) => workers.add(worker.workerId));
  events.on('worker:stop', ({ worker }) => workers.delete(worker.workerId));
  const utils = makeWorkerUtils({ pgPool: pool });
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  async function beat() {
    if (workers.size > 0) {
      const ids = JSON.stringify([...workers]);
      await db.execute(
        sql`insert into job_workers (worker_id, seen_at) select id, now() from json_array_elements_text(${ids}::json) id on conflict (worker_id) do update set seen_at = now()`,
      );
    }
    const stale = await db.execute<{ locked_by: string }>(
      sql`select distinct locked_by from graphile_worker._private_jobs j
          where locked_by is not null and locked_at < now() - make_interval(secs => ${staleMs / 1000})
            and not exists (select 1 from job_workers w where w.worker_id = j.locked_by and w.seen_at > now() - make_interval(secs => ${staleMs / 1000}))`,
    );
    const dead = stale.rows.map((row) => row.locked_by).filter((id) => !workers.has(id));
    if (dead.length > 0) await (await utils).forceUnlockWorkers(dead);
    await db.execute(sql`delete from job_workers where seen_at < now() - interval '1 day'`);
  }

  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(() => beat().catch(() => {}));
  }, heartbeatMs);
  timer.unref();
  running = running.then(() => beat().catch(() => {}));
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
    if (workers.size > 0) await db.execute(sql`delete from job_workers where worker_id in (select json_array_elements_text(${JSON.stringify([...workers])}::json))`).catch(() => {});
    await (await utils).release();
  };
}
