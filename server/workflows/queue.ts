/**
 * How an item reaches the runner (issue 43): one graphile-worker job per item, keyed by the item
 * (`workflow-item:<id>`), so an item has at most one job waiting and a new run time replaces the
 * old one. The job only says "look at this item now": what the item does is decided from its row,
 * so a job run twice or late does nothing wrong (server/workflows/runner.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

export const RUN_ITEM = 'workflows.run-item';

/** How often graphile-worker retries a run that threw (a database hiccup, a crash): the runner's own retries of a carrier are its own. */
const RUN_ATTEMPTS = 10;

export type ItemRun = { accountId: string; itemId: string; runAt: Date };

export const itemJobKey = (itemId: string) => `workflow-item:${itemId}`;

/** Adds (or moves) the jobs of these items, in the caller's transaction: they exist exactly when the items do. */
export async function enqueueItems(tx: Db | Tx, runs: readonly ItemRun[]): Promise<void> {
  if (runs.length === 0) return;
  const specs = runs.map((run) => ({
    identifier: RUN_ITEM,
    payload: { accountId: run.accountId, itemId: run.itemId },
    run_at: run.runAt.toISOString(),
    max_attempts: RUN_ATTEMPTS,
    job_key: itemJobKey(run.itemId),
  }));
  await tx.execute(
    sql`select graphile_worker.add_jobs(array(select json_populate_record(null::graphile_worker.job_spec, spec) from json_array_elements(${JSON.stringify(specs)}::json) spec))`,
  );
}

/** Removes the waiting job of these items (an abort): a job already running finds the item ended and does nothing. */
export async function dequeueItems(tx: Db | Tx, itemIds: readonly string[]): Promise<void> {
  if (itemIds.length === 0) return;
  const keys = JSON.stringify(itemIds.map(itemJobKey));
  await tx.execute(sql`select graphile_worker.remove_job(key) from json_array_elements_text(${keys}::json) key`);
}
