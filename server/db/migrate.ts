import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as runMigrations } from 'drizzle-orm/node-postgres/migrator';
import { migrateJobs } from '../jobs/index.ts';
import { connect } from './client.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the committed migrations (idempotent). */
export async function migrate(databaseUrl: string): Promise<void> {
  const database = connect(databaseUrl, 1);
  try {
    await database.db.execute('select pg_advisory_lock(727274)');
    await runMigrations(database.db, { migrationsFolder });
    // The job queue's own schema (graphile_worker), so a write can enqueue a job from the start.
    await migrateJobs(databaseUrl);
  } finally {
    await database.close();
  }
}
