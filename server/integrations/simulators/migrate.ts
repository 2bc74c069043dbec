import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as runMigrations } from 'drizzle-orm/node-postgres/migrator';
import { connect, type Db, type Tx } from '../../db/client.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Creates or updates the simulators' schema (`simulators`, schema.ts beside this file), for a
 * process that chose at least one simulator. Its migration log is a table of its own (beside the
 * product's in `drizzle`), so the two sets of migrations never mistake each other's entries.
 * Idempotent, and serialised with the product's migrations by the same lock.
 */
export async function migrateSimulators(databaseUrl: string): Promise<void> {
  const database = connect(databaseUrl, 1);
  try {
    await database.db.execute('select pg_advisory_lock(727274)');
    await runMigrations(database.db, { migrationsFolder, migrationsTable: '__simulators_migrations' });
  } finally {
    await database.close();
  }
}

/** Whether this database has the simulators' schema (the demo seeds a simulator's data only then). */
export async function hasSimulators(db: Db | Tx): Promise<boolean> {
  const result = await db.execute<{ present: boolean }>(sql`select to_regnamespace('simulators') is not null as present`);
  return result.rows[0]?.present === true;
}
