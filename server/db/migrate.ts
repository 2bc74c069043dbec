import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as runMigrations } from 'drizzle-orm/node-postgres/migrator';
import { Logger, runMigrations as runJobMigrations } from 'graphile-worker';
import { connect } from './client.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The job queue library's log (its migrations here, its runner in server/jobs/): it logs every
 * step and job at info level; only its warnings and errors are worth a line (and never a job's
 * payload: it may name patients).
 */
export const jobQueueLogger = new Logger(() => (level, message) => {
  if (level === 'error' || level === 'warning') console.error(`[jobs] ${message}`);
});

/** Applies the committed migrations (idempotent). */
export async function migrate(databaseUrl: string): Promise<void> {
  const database = connect(databaseUrl, 1);
  try {
    await database.db.execute('select pg_advisory_lock(727274)');
    await runMigrations(database.db, { migrationsFolder });
    // The job queue's own schema (graphile_worker, installed by the library that server/jobs/
    // runs), so a write can enqueue a job from the start.
    await runJobMigrations({ connectionString: databaseUrl, logger: jobQueueLogger, maxPoolSize: 1 });
  } finally {
    await database.close();
  }
}
