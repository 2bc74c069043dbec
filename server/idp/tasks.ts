import { and, isNotNull, lte, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { CronItem, TaskList } from 'graphile-worker';
import { oidcPayloads } from '../db/schema/index.ts';

/** The job that deletes the identity provider's expired rows (sessions, codes, grants, tokens…). */
export const REMOVE_EXPIRED_IDP_ROWS = 'idp.remove-expired';

/**
 * Expired rows are already invisible to the provider (server/idp/adapter.ts reads only live ones):
 * this only keeps the table small. It runs on the job queue, once for all server processes.
 */
export const idpTasks: TaskList = {
  [REMOVE_EXPIRED_IDP_ROWS]: (_payload, helpers) =>
    helpers.withPgClient(async (client) => {
      await drizzle(client)
        .delete(oidcPayloads)
        .where(and(isNotNull(oidcPayloads.expiresAt), lte(oidcPayloads.expiresAt, sql`now()`)));
    }),
};

/** When the job queue runs them (server/jobs composes every area's schedule). */
export const idpSchedule: CronItem[] = [{ task: REMOVE_EXPIRED_IDP_ROWS, match: '*/10 * * * *' }];
