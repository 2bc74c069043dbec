import { sql } from 'drizzle-orm';
import { notificationLimits } from '../../domain/notifications.ts';
import type { Tx } from '../db/client.ts';
import { FAN_OUT_TASK, type FanOut } from './fan-out.ts';

export type NotifyInput = {
  /** The account the event happened in (stored with each notification). */
  accountId: string;
  /** Who is told: users' ids (their person ids). Duplicates count once; ids of no user are skipped. */
  userIds: readonly string[];
  /** One line, at most 200 characters ("Your role changed"). */
  title: string;
  /** What happened, at most 2,000 characters; shown as text, never as HTML. */
  message: string;
  /** Where opening it goes in the SPA: a path of the portal ("/system/roles/…"), or null. */
  jumpPath: string | null;
};

/**
 * Tells users that something happened (issue 11). Call it inside the transaction of the write that
 * is the event, with that transaction:
 *
 *   await write(c, async ({ tx, accountId }) => {
 *     …the write…
 *     await notify(tx, { accountId, userIds: [userId], title: 'New response', message: '…', jumpPath: '/campaigns/…' });
 *   });
 *
 * It only enqueues one job on the PostgreSQL job queue (server/jobs): the notifications exist
 * exactly when the write commits (a rolled-back write notifies no one), and the fan-out (one row
 * per user, then a push to their open bells) runs right after on whichever server process takes
 * the job, retried if it fails. Nothing is enqueued for an empty `userIds`.
 */
export async function notify(tx: Tx, input: NotifyInput): Promise<void> {
  const userIds = [...new Set(input.userIds.map((id) => id.toLowerCase()))];
  if (userIds.length === 0) return;
  // Bounded here, so a long name in a message cannot make the job fail on every retry.
  const payload: FanOut = {
    accountId: input.accountId,
    userIds,
    title: input.title.trim().slice(0, notificationLimits.title),
    message: input.message.trim().slice(0, notificationLimits.message),
    jumpPath: input.jumpPath,
  };
  await tx.execute(sql`select graphile_worker.add_job(${FAN_OUT_TASK}, ${JSON.stringify(payload)}::json, max_attempts => 10)`);
}
