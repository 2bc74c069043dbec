import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { AccessLog } from '../access-log.ts';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { createApi } from '../app.ts';
import { CallerCache } from '../auth/callers.ts';
import { connect, type Database } from '../db/client.ts';
import { demoAccounts, seedId } from '../seed/seed.ts';
import { startJobs } from '../jobs/index.ts';
import { NotificationHub } from '../notifications/stream.ts';
import { AUDIENCE, ISSUER, testDeps } from './deps.ts';
import { drained, runNow } from './jobs.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

export { AUDIENCE, ISSUER } from './deps.ts';

export type DemoUser = 'admin' | 'manager' | 'viewer';

/**
 * The identity provider's stand-in key pair: made once per worker (the API test files share their
 * modules), not per harness, where it took 90–430 ms of each file's start.
 */
let signingKeys: ReturnType<typeof generateKeyPair> | undefined;

/**
 * An API on its own seeded database, with a signing key pair standing in for the identity
 * provider, so tests can mint tokens as each demo user (or broken ones on purpose).
 */
export async function createHarness() {
  // The default demo, seeded once per run into a template (server/test/global-setup.ts).
  const testDb: TestDatabase = await createTestDatabase({ seeded: true });
  // The recordings store as `npm start` has it: files, here in a folder of this harness's own.
  const recordingsDir = await mkdtemp(path.join(tmpdir(), 'astera-recordings-'));
  const database: Database = connect(testDb.url);
  const { publicKey, privateKey } = await (signingKeys ??= generateKeyPair('RS256'));
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'RS256' };
  // As in production: callers cached per token, cleared by the database's notifications.
  const callers = new CallerCache(testDb.url);
  await callers.start();
  const notifications = new NotificationHub(testDb.url);
  await notifications.start();
  const deps = testDeps(database.db, recordingsDir, {
    publicKey: jwk,
    callers,
    notifications,
    // No timer: a test writes what was read with `accessLog.flush()` (no waiting on time).
    accessLog: new AccessLog(database.db),
  });
  // As in production: the job queue runs (notification fan-out) with the API's dependencies, and open streams are pushed to.
  const jobs = await startJobs(testDb.url, deps);
  const api = createApi(deps);

  async function token(user: DemoUser | string, claims: JWTPayload = {}, key = privateKey) {
    const sub = user === 'admin' || user === 'manager' || user === 'viewer' ? seedId(`principal:${user}`) : user;
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ scope: 'openid email profile', sub, iss: ISSUER, aud: AUDIENCE, jti: randomUUID(), iat: now, exp: now + 3600, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test' })
      .sign(key);
  }

  /** Calls the API as a demo user; `init.token` overrides the bearer, `null` sends none. */
  async function call(user: DemoUser, path: string, init: RequestInit & { token?: string | null; json?: unknown } = {}) {
    const bearer = init.token === undefined ? await token(user) : init.token;
    const headers = new Headers(init.headers);
    if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return api.request(path, { ...init, headers, body });
  }

  return {
    api,
    /** What the API was built with: a test may build another with one part replaced (e.g. a failing db). */
    deps,
    db: database.db,
    token,
    call,
    accounts: demoAccounts,
    callers,
    jobs: {
      ...jobs,
      /** Resolves when every job added so far (and every job they added) has run. */
      drained: () => drained(jobs, database.db),
      /** Runs a task of the queue now, as its schedule would, and waits until it has run. */
      runNow: (task: string) => runNow(jobs, database.db, task),
    },
    notifications,
    url: testDb.url,
    async close() {
      await deps.accessLog!.close();
      await notifications.close();
      await jobs.stop();
      await callers.close();
      await database.close();
      await testDb.drop();
      await rm(recordingsDir, { recursive: true, force: true });
    },
  };
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;

/**
 * The usual set-up of an API test file: one harness, made before the file's tests and closed
 * after them. Its members are read when used, so use them inside hooks and tests:
 *
 *   const h = fileHarness();
 *   it('…', async () => { const res = await h.call('admin', '/accounts'); … });
 */
export function fileHarness(): Harness {
  let made: Harness | undefined;
  beforeAll(async () => {
    made = await createHarness();
  }, 120_000);
  afterAll(() => made?.close());
  return new Proxy({} as Harness, {
    get(_target, key) {
      if (!made) throw new Error('fileHarness(): the harness is made in beforeAll; use it inside hooks and tests');
      return Reflect.get(made, key);
    },
  });
}
