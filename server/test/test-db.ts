/**
 * One database per test file, cloned from a template made by global-setup.ts: the migrated one,
 * or with `{ seeded: true }` the migrated one with the default demo seeded (`seed(db)`):
 *
 *   let testDb: TestDatabase;
 *   beforeAll(async () => { testDb = await createTestDatabase(); });
 *   afterAll(() => testDb.drop());
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { connect, type Database } from '../db/client.ts';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  export interface ProvidedContext {
    /** postgres:// URL of the test server's maintenance database (set by server/test/global-setup.ts). */
    pgAdminUrl: string;
  }
}

export const TEMPLATE_DATABASE = 'astera_template';
export const SEEDED_TEMPLATE_DATABASE = 'astera_template_seeded';
/** Also set by global-setup, for code that runs outside vitest's `inject` (e.g. a child process). */
export const ADMIN_URL_ENV = 'ASTERA_TEST_PG_ADMIN_URL';

export type TestDatabase = { url: string; name: string; drop(): Promise<void> };

function adminUrl(): string {
  let url: string | undefined;
  try {
    url = inject('pgAdminUrl');
  } catch {
    // not inside a vitest worker
  }
  url ??= process.env[ADMIN_URL_ENV];
  if (!url) {
    throw new Error(
      'No test PostgreSQL: server/test/global-setup.ts must be listed in vitest.config.ts test.globalSetup ' +
        '(run tests with `npx vitest run`).',
    );
  }
  return url;
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates a fresh database `t_<random>` from the migrated template (with `seeded`, from the one
 * with the default demo already seeded) and returns its URL.
 */
export async function createTestDatabase(options: { seeded?: boolean } = {}): Promise<TestDatabase> {
  const admin = adminUrl();
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = options.seeded ? SEEDED_TEMPLATE_DATABASE : TEMPLATE_DATABASE;
  await withAdmin(admin, (client) =>
    client.query(`CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(template)}`),
  );
  const url = new URL(admin);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | null = null;
  return {
    url: url.toString(),
    name,
    /** Terminates remaining connections and drops the database (idempotent). */
    drop() {
      dropped ??= withAdmin(admin, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
      });
      return dropped;
    },
  };
}

/**
 * A migrated database of the calling test file (or `describe` block) and a client of it: made
 * before its tests, closed and dropped after them. `db()` and `url()` answer them once made.
 */
export function migratedDatabase(): { db(): Database; url(): string } {
  let testDb: TestDatabase | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = connect(testDb.url);
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });
  return { db: () => database!, url: () => testDb!.url };
}
