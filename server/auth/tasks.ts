import { lte, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { CronItem, TaskList } from 'graphile-worker';
import { revokedSignIns, revokedTokens } from '../db/schema/index.ts';

/** The job that forgets the revoked ids of tokens (and the ended sign-ins) that have expired since. */
export const REMOVE_EXPIRED_REVOCATIONS = 'auth.remove-expired-revocations';

/**
 * A revoked id is kept only until its token expires: after that the token's own expiry refuses it
 * (server/auth/authenticate.ts), so the table, read on every request, holds only the sign-outs of
 * about one token lifetime. An ended sign-in is kept as long as a token of it could live (30 days,
 * server/routes/auth/index.ts), then forgotten the same way. The delete clears every process's cache of callers once (the table's
 * statement trigger): one more round trip for each open session, once an hour.
 */
export const authTasks: TaskList = {
  [REMOVE_EXPIRED_REVOCATIONS]: (_payload, helpers) =>
    helpers.withPgClient(async (client) => {
      await drizzle(client).delete(revokedTokens).where(lte(revokedTokens.expiresAt, sql`now()`));
      await drizzle(client).delete(revokedSignIns).where(lte(revokedSignIns.expiresAt, sql`now()`));
    }),
};

/** When the job queue runs them (server/jobs composes every area's schedule). */
export const authSchedule: CronItem[] = [{ task: REMOVE_EXPIRED_REVOCATIONS, match: '7 * * * *' }];
