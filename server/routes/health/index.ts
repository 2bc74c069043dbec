import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { messages } from '../../../domain/messages.ts';
import { anyone } from '../../auth/requires.ts';
import type { AppEnv } from '../../env.ts';

/** A readiness probe must answer quickly, whatever the database does (a failover can hang a connect). */
const READY_TIMEOUT_MS = 2_000;

async function databaseAnswers(run: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([run().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Health for supervisors and load balancers, without sign-in and without any data:
 * - `GET /health/live`: liveness, 200 while the process serves requests (restart it if not);
 * - `GET /health` (also `/health/ready`): readiness, 200 when the database answers within
 *   2 s, else 503 with the API's error shape (send no traffic, but do not restart: it comes
 *   back by itself when the database does).
 */
export const healthRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .get('/live', anyone(), (c) => c.json({ status: 'live' as const }))
  .on('GET', ['/', '/ready'], anyone(), async (c) => {
    const up = await databaseAnswers(() => c.var.deps.db.execute(sql`select 1`));
    if (up) return c.json({ status: 'ready' as const, database: 'up' as const });
    return c.json({ status: 'unavailable' as const, database: 'down' as const, error: { code: 'database_unavailable', message: messages.databaseUnavailable } }, 503);
  });
