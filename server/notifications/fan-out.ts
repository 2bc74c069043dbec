import type { Task } from 'graphile-worker';
import * as v from 'valibot';
import { notificationLimits } from '../../domain/notifications.ts';

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
 * One notification per user who still exists, in one statement (so a retry after a failure
 * cannot write half of them twice: the statement either committed or did not). The table's
 * trigger tells every server process, which pushes the change to that user's open bells.
 */
export const fanOutNotifications: Task = async (payload, helpers) => {
  const job = v.parse(payloadSchema, payload);
  await helpers.withPgClient((client) =>
    client.query(
      `insert into notifications (account_id, user_id, title, message, jump_path)
       select $1, u.person_id, $3, $4, $5 from users u where u.person_id = any($2::uuid[])`,
      [job.accountId, job.userIds, job.title, job.message, job.jumpPath],
    ),
  );
};
