import type { Task } from 'graphile-worker';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { systemActors } from '../../domain/actors.ts';
import { notificationLimits } from '../../domain/notifications.ts';
import type { Db } from '../db/client.ts';
import { auditedWrite } from '../db/write.ts';

/** The job that writes one notification per user (enqueued by `notify`, run by server/jobs). */
export const FAN_OUT_TASK = 'notifications.fan-out';

const payloadSchema = v.object({
  accountId: v.pipe(v.string(), v.uuid()),
  userIds: v.pipe(v.array(v.pipe(v.string(), v.uuid())), v.maxLength(10_000)),
  title: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(notificationLimits.title)),
  message: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(notificationLimits.message)),
  jumpPath: v.nullable(v.pipe(v.string(), v.maxLength(notificationLimits.jumpPath))),
});
export type FanOut = v.InferInput<typeof payloadSchema>;

/**
 * One notification per user who still exists, in one transaction through the audited write, as
 * the Notifications system actor (domain/actors.ts), with one log entry for the fan-out: so a
 * retry after a failure cannot write half of them twice (the transaction either committed or did
 * not), and the System log shows who wrote them. The table's trigger tells every server process,
 * which pushes the change to that user's open bells.
 */
export const fanOutNotifications =
  (db: Db): Task =>
  async (payload) => {
    const job = v.parse(payloadSchema, payload);
    await auditedWrite(db, { accountId: job.accountId, actor: systemActors.notifications }, async ({ tx, audit }) => {
      // The ids go as one array parameter: a plain array in drizzle's sql would become a list of parameters.
      const { rows } = await tx.execute<{ id: string }>(sql`
        insert into notifications (account_id, user_id, title, message, jump_path, created_by, modified_by)
        select ${job.accountId}, u.person_id, ${job.title}, ${job.message}, ${job.jumpPath}, ${systemActors.notifications.name}, ${systemActors.notifications.name}
        from users u where u.person_id = any(${sql.param(job.userIds)}::uuid[])
        returning id`);
      await audit({ action: 'create', resourceType: 'Notification', resourceId: null, after: { title: job.title, jumpPath: job.jumpPath, recipients: rows.length } });
    });
  };
