import { drizzle } from 'drizzle-orm/node-postgres';
import type { CronItem, TaskList } from 'graphile-worker';
import * as schema from '../db/schema/index.ts';
import { markStranded } from './outbox.ts';

/** The job that closes attempts a crash left pending (written, carrier never answered): outcome unknown, never resent. */
export const MARK_STRANDED_ATTEMPTS = 'telephony.mark-stranded-attempts';

export const telephonyTasks: TaskList = {
  [MARK_STRANDED_ATTEMPTS]: (_payload, helpers) =>
    helpers.withPgClient(async (client) => {
      await markStranded(drizzle(client, { schema }));
    }),
};

/** Once a minute, for all server processes at once. */
export const telephonySchedule: CronItem[] = [{ task: MARK_STRANDED_ATTEMPTS, match: '* * * * *' }];
