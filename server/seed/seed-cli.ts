/**
 * `npm run seed -- [--persons N] [--contact-points N] [--interactions N] [--account <id or name>]`
 *
 * Makes sure the database is migrated and the demo data seeded, then bulk-inserts N generated
 * persons and N generated contact points (phone, fax and SMS numbers) into one account (default Astera Health) in multi-row batches of 5,000. The database is
 * DATABASE_URL, else the embedded PostgreSQL in DATA_DIR on PG_PORT (like `npm start`); when the
 * product is running it already owns that server, and the CLI connects to it instead.
 */
import { parseArgs } from 'node:util';
import { eq, ilike } from 'drizzle-orm';
import pg from 'pg';
import { ConfigError, loadConfig } from '../config.ts';
import { connect, type Db } from '../db/client.ts';
import { insertManyContactPointsAudited } from './demo-contact-points.ts';
import { insertManyPersonsAudited } from './demo-persons.ts';
import { insertManyInteractions } from './bulk-interactions.ts';
import path from 'node:path';
import { createFileRecordingStore } from '../integrations/recordings/files.ts';
import { migrate } from '../db/migrate.ts';
import { migrateSimulators } from '../integrations/simulators/migrate.ts';
import { PG_PASSWORD, PG_USER, startEmbeddedPostgres } from '../db/postgres.ts';
import { accounts } from '../db/schema/index.ts';
import { demoAccounts, seed } from './seed.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** By id, by exact name, or by a part of the name that only one account has (any case). */
async function findAccount(db: Db, wanted: string) {
  const select = db.select({ id: accounts.id, name: accounts.name }).from(accounts);
  if (UUID.test(wanted)) {
    const [byId] = await select.where(eq(accounts.id, wanted));
    if (byId) return byId;
  }
  const [exact] = await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(ilike(accounts.name, wanted));
  if (exact) return exact;
  const partial = await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(ilike(accounts.name, `%${wanted}%`));
  if (partial.length === 1) return partial[0]!;
  throw new ConfigError(
    partial.length === 0
      ? `No account "${wanted}" (give its id or name).`
      : `"${wanted}" names ${partial.length} accounts (${partial.map((a) => a.name).join(', ')}): be more precise.`,
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      persons: { type: 'string', default: '0' },
      'contact-points': { type: 'string', default: '0' },
      interactions: { type: 'string', default: '0' },
      account: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log('Usage: npm run seed -- [--persons N] [--contact-points N] [--interactions N] [--account <account id or name>]');
    return;
  }
  const count = Number(values.persons);
  if (!Number.isInteger(count) || count < 0) throw new ConfigError(`--persons must be a whole number (got "${values.persons}")`);
  const contactPointCount = Number(values['contact-points']);
  if (!Number.isInteger(contactPointCount) || contactPointCount < 0) {
    throw new ConfigError(`--contact-points must be a whole number (got "${values['contact-points']}")`);
  }
  const interactionCount = Number(values.interactions);
  if (!Number.isInteger(interactionCount) || interactionCount < 0) throw new ConfigError(`--interactions must be a whole number (got "${values.interactions}")`);
  const config = loadConfig();
  const recordings = createFileRecordingStore(path.join(config.dataDir, 'recordings'));

  const stops: (() => Promise<unknown>)[] = [];
  try {
    let url = config.databaseUrl;
    if (!url) {
      const running = `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${config.pgPort}/astera`;
      if (await reachable(running)) {
        url = running;
      } else {
        const server = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.pgPort });
        stops.push(() => server.stop());
        url = server.url;
      }
    }
    await migrate(url);
    const database = connect(url, 2);
    stops.push(() => database.close());
    // As `npm start` does: the simulators' schema where a simulator is chosen (the demo's queues and directories live there).
    if (config.contactCenter.kind === 'simulator' || config.teamDirectory.kind === 'simulator') await migrateSimulators(url);
    if (await seed(database.db, { recordings })) console.log('Demo data seeded.');

    const wanted = values.account ?? demoAccounts.astera.id;
    const account = await findAccount(database.db, wanted);
    if (count > 0) {
      const started = performance.now();
      await insertManyPersonsAudited(database.db, account.id, count, {
        seed: Date.now() >>> 0,
        onBatch: (done) => process.stdout.write(`\r  ${done.toLocaleString('en-US')} / ${count.toLocaleString('en-US')} persons`),
      });
      // Fresh statistics, so the planner knows the account is now large.
      await database.db.execute('analyze persons');
      const seconds = (performance.now() - started) / 1000;
      console.log(`\nInserted ${count.toLocaleString('en-US')} persons into ${account.name} (${account.id}) in ${seconds.toFixed(1)} s.`);
    }
    if (contactPointCount > 0) {
      const started = performance.now();
      await insertManyContactPointsAudited(database.db, account.id, contactPointCount, {
        seed: Date.now() >>> 0,
        onBatch: (done) => process.stdout.write(`\r  ${done.toLocaleString('en-US')} / ${contactPointCount.toLocaleString('en-US')} contact points`),
      });
      await database.db.execute('analyze contact_points');
      const seconds = (performance.now() - started) / 1000;
      console.log(`\nInserted ${contactPointCount.toLocaleString('en-US')} contact points into ${account.name} (${account.id}) in ${seconds.toFixed(1)} s.`);
    }
    if (interactionCount > 0) {
      const started = performance.now();
      await insertManyInteractions(database.pool, account.id, interactionCount, {
        seed: Date.now() % 1_000_000_007,
        recordings,
        onBatch: (done) => process.stdout.write(`\r  ${done.toLocaleString('en-US')} / ${interactionCount.toLocaleString('en-US')} interactions`),
      });
      await database.db.execute('analyze interactions');
      const seconds = (performance.now() - started) / 1000;
      console.log(`\nInserted ${interactionCount.toLocaleString('en-US')} interactions into ${account.name} (${account.id}) in ${seconds.toFixed(1)} s.`);
    }
  } finally {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
});
