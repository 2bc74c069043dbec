/**
 * Vitest globalSetup: ONE embedded PostgreSQL for the whole test run, in a fresh temp folder
 * on a free port. It holds two templates made once: `astera_template`, migrated, and
 * `astera_template_seeded`, a clone of it with the default demo seeded (what every API test
 * starts from). Every test file clones one of them (server/test/test-db.ts). Tests get the admin
 * URL through `inject('pgAdminUrl')`.
 *
 * PG_LOG=1 prints PostgreSQL's log to stderr.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { getFreePort, startEmbeddedPostgres } from '../db/postgres.ts';
// Type only (the ProvidedContext augmentation): test-db.ts imports `vitest`, which belongs in workers.
import type {} from './test-db.ts';

// Same values as in test-db.ts.
const TEMPLATE_DATABASE = 'astera_template';
const SEEDED_TEMPLATE_DATABASE = 'astera_template_seeded';
const ADMIN_URL_ENV = 'ASTERA_TEST_PG_ADMIN_URL';

const PREFIX = 'astera-vitest-pg-';

/** Temp folders of earlier runs that were killed before their teardown. */
async function removeAbandoned(tmp: string) {
  const names = await fs.readdir(tmp).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      if (!name.startsWith(PREFIX)) return;
      const pid = Number(name.slice(PREFIX.length));
      if (!Number.isInteger(pid) || pid === process.pid) return;
      try {
        process.kill(pid, 0);
        return; // that run is still going
      } catch {
        // dead
      }
      // Its server, if it outlived the run, still works in the folder: leave that one alone.
      const lock = await fs.readFile(path.join(tmp, name, 'pg', 'postmaster.pid'), 'utf8').catch(() => null);
      const serverPid = Number.parseInt(lock?.split('\n')[0] ?? '', 10);
      if (serverPid > 0 && existsSync(`/proc/${serverPid}/cwd`)) return;
      await fs.rm(path.join(tmp, name), { recursive: true, force: true }).catch(() => {});
    }),
  );
}

async function migrateTemplate(url: string) {
  const migrateFile = fileURLToPath(new URL('../db/migrate.ts', import.meta.url));
  if (!existsSync(migrateFile)) {
    console.warn('[global-setup] server/db/migrate.ts not found: the test template database stays empty.');
    return;
  }
  const { migrate } = (await import('../db/migrate.ts')) as { migrate: (databaseUrl: string) => Promise<void> };
  await migrate(url);
  // The tests run the simulators (the harness's defaults): the template has their schema too.
  const { migrateSimulators } = await import('../integrations/simulators/migrate.ts');
  await migrateSimulators(url);
}

/** Clones the migrated template and seeds the default demo into the clone (as `seed(db)` does per harness). */
async function seedTemplate(admin: pg.Client, adminUrl: string) {
  await admin.query(`CREATE DATABASE ${SEEDED_TEMPLATE_DATABASE} TEMPLATE ${TEMPLATE_DATABASE}`);
  const url = new URL(adminUrl);
  url.pathname = `/${SEEDED_TEMPLATE_DATABASE}`;
  const { connect } = await import('../db/client.ts');
  const { seed } = await import('../seed/seed.ts');
  const database = connect(url.toString());
  try {
    await seed(database.db);
  } finally {
    await database.close();
  }
}

/** Nobody may stay connected to a template, or CREATE DATABASE ... TEMPLATE fails. */
async function closeTemplate(admin: pg.Client, name: string) {
  await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
}

/**
 * Where the throwaway cluster lives: in memory (/dev/shm, a tmpfs on Linux) when there is one, else
 * the temp folder. Every test file clones the 23 MB seeded template; on this machine's disk a clone
 * took 300–700 ms of a file's start.
 */
async function clusterFolder() {
  const memory = '/dev/shm';
  const usable = await fs.access(memory, fs.constants.W_OK).then(
    () => true,
    () => false,
  );
  return usable ? memory : os.tmpdir();
}

export default async function setup(project: TestProject) {
  const started = performance.now();
  const tmp = await clusterFolder();
  await removeAbandoned(tmp);
  const dataDir = path.join(tmp, `${PREFIX}${process.pid}`);
  await fs.rm(dataDir, { recursive: true, force: true });

  const server = await startEmbeddedPostgres({
    dataDir,
    port: await getFreePort(),
    database: TEMPLATE_DATABASE,
    durable: false, // throwaway cluster: no fsync
    settings: { max_connections: 300 },
    log: process.env.PG_LOG ? (line) => process.stderr.write(`[pg] ${line}\n`) : undefined,
  });
  const teardown = async () => {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };

  try {
    await migrateTemplate(server.url);
    const admin = new pg.Client({ connectionString: server.adminUrl });
    admin.on('error', () => {});
    await admin.connect();
    try {
      await closeTemplate(admin, TEMPLATE_DATABASE);
      await seedTemplate(admin, server.adminUrl);
      await closeTemplate(admin, SEEDED_TEMPLATE_DATABASE);
    } finally {
      await admin.end();
    }
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide('pgAdminUrl', server.adminUrl);
  process.env[ADMIN_URL_ENV] = server.adminUrl;
  if (process.env.PG_LOG) console.error(`[global-setup] PostgreSQL ready in ${Math.round(performance.now() - started)} ms`);
  return teardown;
}
