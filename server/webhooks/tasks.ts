import { lt, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { CronItem, TaskList } from 'graphile-worker';
import { webhookEvents } from '../db/schema/index.ts';
import type { Deps } from '../env.ts';
import { DELIVER_TASK, deliverStream, isStream } from './deliver.ts';

/** Webhook delivery's job (server/webhooks/deliver.ts): one stream (endpoint and record) looked at. */
export const webhookTasks = (deps: Deps): TaskList => ({
  [DELIVER_TASK]: async (payload) => {
    if (isStream(payload)) await deliverStream(deps, payload);
  },
});

/** The job that deletes webhook events (with their deliveries and log) older than the log keeps. */
export const REMOVE_OLD_WEBHOOK_EVENTS = 'webhooks.remove-old-events';

/** How long an event and its delivery log are kept (and can be resent): well past the three days of retries. */
export const WEBHOOK_EVENT_LIFETIME = sql`interval '30 days'`;

export const webhookCleanupTasks: TaskList = {
  [REMOVE_OLD_WEBHOOK_EVENTS]: (_payload, helpers) =>
    helpers.withPgClient(async (client) => {
      await drizzle(client).delete(webhookEvents).where(lt(webhookEvents.createdAt, sql`now() - ${WEBHOOK_EVENT_LIFETIME}`));
    }),
};

export const webhookSchedule: CronItem[] = [{ task: REMOVE_OLD_WEBHOOK_EVENTS, match: '41 3 * * *' }];
