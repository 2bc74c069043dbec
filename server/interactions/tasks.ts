/**
 * The contact center's heartbeat on the job queue (issue 26): one job, `interactions.tick`, that
 * lets the simulated contact center place the calls that arrived since its last run (when the
 * simulator is chosen and placing is on) and then ingests every account's changed contacts
 * (either adapter). It runs every `syncSeconds`: graphile-worker's crontab cannot run more often
 * than once a minute, so each run adds the next one itself (`run_at` a few seconds on, under one
 * job key, so there is only ever one waiting however many processes run the queue), and the
 * crontab adds it each minute as well (keeping a waiting run's time), which restarts the chain
 * after a failure or a stop. No timer in any process: the queue owns the rhythm.
 */
import type { CronItem, Task, TaskList } from 'graphile-worker';
import type { Db } from '../db/client.ts';
import type { ContactCenter } from '../integrations/contact-center/port.ts';
import { placeSimulatedCalls } from '../integrations/simulators/contact-center-placing.ts';
import type { RecordingStore } from '../integrations/recordings/port.ts';
import { sql } from 'drizzle-orm';
import { syncAllInteractions } from './sync.ts';

export const INTERACTIONS_TICK = 'interactions.tick';

export type InteractionJobs = {
  db: Db;
  contactCenter: ContactCenter;
  recordings: RecordingStore;
  /** Simulated calls per hour per account (0: the simulator places none). */
  callsPerHour: number;
  /** Seconds between two runs (0: no ingestion job at all). */
  syncSeconds: number;
  now?: () => number;
};

/** One run: place (simulator), then ingest; answers how many calls were placed and rows written. */
export async function interactionsTick(deps: InteractionJobs): Promise<{ placed: number; written: number }> {
  const now = (deps.now ?? Date.now)();
  let placed = 0;
  if (deps.contactCenter.kind === 'simulator' && deps.callsPerHour > 0) {
    const accounts = await deps.db.execute<{ id: string }>(sql`select id from accounts where active order by id`);
    for (const { id } of accounts.rows) placed += await placeSimulatedCalls(deps.db, id, { until: now, callsPerHour: deps.callsPerHour });
  }
  const written = await syncAllInteractions(deps, new Date(now));
  return { placed, written };
}

export function interactionTasks(deps: InteractionJobs | null): TaskList {
  const tick: Task = async (_payload, helpers) => {
    if (!deps || deps.syncSeconds <= 0) return;
    try {
      await interactionsTick(deps);
    } finally {
      await helpers.addJob(INTERACTIONS_TICK, {}, { runAt: new Date(Date.now() + deps.syncSeconds * 1000), jobKey: INTERACTIONS_TICK, jobKeyMode: 'replace', maxAttempts: 1 });
    }
  };
  return { [INTERACTIONS_TICK]: tick };
}

/** Each minute, (re)starts the chain of runs; a run already waiting keeps its time. */
export const interactionsSchedule: CronItem[] = [{ task: INTERACTIONS_TICK, match: '* * * * *', options: { backfillPeriod: 0, jobKey: INTERACTIONS_TICK, jobKeyMode: 'preserve_run_at', maxAttempts: 1 } }];
