/**
 * Faults, for real: the product runs as its own processes (server/main.ts, then scripts/start.mjs)
 * with its own embedded PostgreSQL in a temp folder on free ports, and this file kills parts of
 * it (pg_terminate_backend, kill -9 of PostgreSQL, of the server, of the start script, SIGTERM).
 * It asserts what a user and an operator see: 503 instead of a dead process, service again
 * without a restart, no acknowledged write lost, no duplicate from a retried create, a new
 * start that cleans up after a killed one, and nothing left running after a stop.
 *
 * No timed assertions: waits poll with generous deadlines that only bound a hung test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importJWK, SignJWT, type JWK } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../domain/messages.ts';
import { getFreePort, PG_PASSWORD, PG_USER } from './db/postgres.ts';
import { seedId } from './seed/seed.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AUDIENCE = 'https://api.astera.test';
/** A test's own bound: generous, as the machine may be shared (it bounds a hung test, it is not measured). */
const LONG = 300_000;

let dataDir: string;
let pgDir: string;
let ports: { port: number; idp: number; pg: number };
let server: Running | null = null;
let token: string;

type Running = { proc: ChildProcess; exited: Promise<void>; output: () => string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it is truthy; the deadline only stops a hung test (it is not what is tested). */
async function eventually<T>(what: string, check: () => Promise<T | null | false | undefined>, deadlineMs = 120_000): Promise<T> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`gave up waiting: ${what}${server ? `\n--- server output ---\n${server.output()}` : ''}`);
    await sleep(100);
  }
}

/** Starts `args` (a node entry) on this file's data folder and ports, resolved once it says it is ready. */
async function start(command: string, args: string[]): Promise<Running> {
  const proc = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(ports.port),
      IDP_PORT: String(ports.idp),
      PG_PORT: String(ports.pg),
      DATA_DIR: dataDir,
      SERVE_SPA: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is ready')) resolve();
    });
    proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`${args.join(' ')} exited before it was ready:\n${output}`)));
  });
  return { proc, exited, output: () => output };
}

const startServer = () => start(process.execPath, ['--import', 'tsx', 'server/main.ts']);
const startScript = () => start(process.execPath, ['scripts/start.mjs']);

/** A token as the provider would sign it (the server fetches the provider's keys, from the key file read here). */
async function mintToken() {
  const { keys } = JSON.parse(await fs.readFile(path.join(dataDir, 'idp-keys.json'), 'utf8')) as { keys: JWK[] };
  const jwk = keys[0]!;
  return new SignJWT({ scope: 'openid email profile', jti: randomUUID() })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
    .setSubject(seedId('principal:manager'))
    .setIssuer(`http://localhost:${ports.idp}/`)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await importJWK(jwk, 'RS256'));
}

type Answer = { status: number; body: { id?: string; error?: { code: string; message: string }; [key: string]: unknown } | null };

/** One API call; status 0 when no answer came (connection refused or reset). */
async function call(method: string, apiPath: string, json?: unknown, key?: string): Promise<Answer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  if (key) headers['Idempotency-Key'] = key;
  try {
    const res = await fetch(`http://127.0.0.1:${ports.port}/api${apiPath}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Answer['body']) : null };
  } catch {
    return { status: 0, body: null };
  }
}

const personBody = (family: string) => ({ name: [{ use: 'official', family, given: ['Fault'] }] });
const create = (family: string, key?: string) => call('POST', '/person/persons', personBody(family), key);

async function sql<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${ports.pg}/astera` });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

async function isAlive(pid: number) {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return stat !== null && !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
}

/** PostgreSQL processes working in this file's cluster (postgres chdirs into its data folder). */
async function postgresProcesses(): Promise<number[]> {
  const found: number[] = [];
  for (const name of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const cwd = await fs.readlink(`/proc/${name}/cwd`).catch(() => null);
    if (cwd === pgDir && (await isAlive(Number(name)))) found.push(Number(name));
  }
  return found;
}

const postmasterPid = async () => Number.parseInt((await fs.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8')).split('\n')[0]!, 10);

/** Everything acknowledged so far: id → family name. */
const acknowledged = new Map<string, string>();

describe.runIf(process.platform === 'linux')('faults: the product keeps running and comes back by itself', () => {
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'astera-faults-'));
    await fs.chmod(dataDir, 0o755); // as root, PostgreSQL runs as "postgres", which must get in
    pgDir = path.join(await fs.realpath(dataDir), 'pg');
    ports = { port: await getFreePort(), idp: await getFreePort(), pg: await getFreePort() };
    server = await startServer();
    token = await mintToken();
  }, LONG);

  afterAll(async () => {
    server?.proc.kill('SIGKILL');
    for (const pid of await postgresProcesses().catch(() => [])) process.kill(pid, 'SIGKILL');
    await fs.rm(dataDir, { recursive: true, force: true });
  }, LONG);

  it(
    'pg_terminate_backend during a stream of creates: those hit answer 503 (the process lives), retries with their key make no duplicate, and it serves again',
    async () => {
      const statuses = new Map<number, number>();
      let stop = false;
      let created = 0;
      // Like the SPA: each submit has its key and is sent again with it until it gets an answer.
      const writer = async (writerId: number) => {
        for (let n = 0; !stop || n < 2; n++) {
          const family = `Stream-${writerId}-${n}`;
          const key = `stream-${writerId}-${n}`;
          for (let attempt = 0; attempt < 100; attempt++) {
            const answer = await create(family, key);
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            if (answer.status === 201) {
              acknowledged.set(answer.body!.id!, family);
              created++;
              break;
            }
            if (answer.status !== 503) throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
            expect(answer.body).toEqual({ error: { code: 'database_unavailable', message: messages.databaseUnavailable } });
          }
        }
      };
      const admin = new pg.Client({ connectionString: `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${ports.pg}/astera` });
      admin.on('error', () => {});
      await admin.connect();
      const terminator = async () => {
        // Cut every connection of the server, let one more create through, cut again: until
        // requests were hit (503s seen) and creates went through between the cuts.
        while ((statuses.get(503) ?? 0) < 3 || created < 8) {
          const before = created;
          await admin.query(
            "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'astera' and backend_type = 'client backend' and pid <> pg_backend_pid()",
          );
          while (created === before) await sleep(20);
        }
      };
      try {
        await Promise.all([terminator().finally(() => (stop = true)), writer(1), writer(2), writer(3), writer(4)]);
      } finally {
        stop = true;
        await admin.end();
      }

      expect(server!.proc.exitCode).toBeNull(); // the process lived through it
      expect(statuses.get(503)).toBeGreaterThanOrEqual(3);
      expect([...statuses.keys()].sort()).toEqual([201, 503]); // never a 500, never a dropped connection
      expect((await create('After-Terminations')).status).toBe(201);

      // Every acknowledged create is there, once; no retried submit made a second record.
      const rows = await sql<{ family: string; n: number }>(
        "select name->0->>'family' as family, count(*)::int as n from persons where name->0->>'family' like 'Stream-%' group by 1",
      );
      const counts = new Map(rows.map((row) => [row.family, row.n]));
      for (const family of acknowledged.values()) expect(counts.get(family), family).toBe(1);
      expect(rows.every((row) => row.n === 1)).toBe(true);
      const ids = await sql<{ id: string }>('select id from persons where id = any($1::uuid[])', [[...acknowledged.keys()]]);
      expect(ids.length).toBe(acknowledged.size);
    },
    LONG,
  );

  it('a retried create with the same Idempotency-Key answers the first result and makes no duplicate', async () => {
    const first = await create('Keyed-Once', 'retry-me');
    const retry = await create('Keyed-Once', 'retry-me');
    expect(first.status).toBe(201);
    expect(retry).toEqual(first);
    expect(await sql('select id from persons where name->0->>\'family\' = $1', ['Keyed-Once'])).toEqual([{ id: first.body!.id }]);
    acknowledged.set(first.body!.id!, 'Keyed-Once');
  });

  it(
    'kill -9 of PostgreSQL: while it is away the API answers 503 and readiness says so; once it can run again the server answers, with no restart',
    async () => {
      const postmaster = await postmasterPid();
      process.kill(postmaster, 'SIGKILL');
      await eventually('the postmaster to die', async () => !(await isAlive(postmaster)));
      // Keep the database away: its port is taken by a listener that drops every connection,
      // so the server's restart of PostgreSQL fails (and is retried) until it is released.
      const blocker = net.createServer((socket) => socket.destroy());
      await new Promise<void>((resolve, reject) => {
        blocker.once('error', reject);
        blocker.listen(ports.pg, '127.0.0.1', resolve);
      });
      try {
        const ready = await eventually('readiness to say the database is down', async () => {
          const answer = await call('GET', '/health');
          return answer.status === 503 && answer;
        });
        expect(ready.body).toMatchObject({ status: 'unavailable', database: 'down' });
        expect((await call('GET', '/health/live')).status).toBe(200);
        const refused = await create('While-Down');
        expect(refused).toEqual({ status: 503, body: { error: { code: 'database_unavailable', message: messages.databaseUnavailable } } });
        expect((await call('GET', '/person/persons')).status).toBe(503);
        expect(server!.proc.exitCode).toBeNull();
      } finally {
        await new Promise((resolve) => blocker.close(resolve));
      }
      // Back: the server restarted PostgreSQL by itself, and its requests work again.
      const back = await eventually('a create to succeed again', async () => {
        const answer = await create('After-Postgres-Kill', 'after-pg-kill');
        return answer.status === 201 && answer;
      });
      acknowledged.set(back.body!.id!, 'After-Postgres-Kill');
      expect((await call('GET', '/health')).body).toEqual({ status: 'ready', database: 'up' });
      expect(await postmasterPid()).not.toBe(postmaster);
    },
    LONG,
  );

  it(
    'kill -9 of the server leaves its PostgreSQL running; the next start stops that orphan by itself and serves every acknowledged write',
    async () => {
      const orphan = await postmasterPid();
      server!.proc.kill('SIGKILL');
      await server!.exited;
      expect(await isAlive(orphan)).toBe(true); // what the next start has to deal with
      server = await startScript();
      expect(await isAlive(orphan)).toBe(false);
      expect(server.output()).toMatch(new RegExp(`stopping PostgreSQL pid ${orphan}`));
      expect((await call('GET', '/health')).status).toBe(200);
      const ids = await sql<{ id: string }>('select id from persons where id = any($1::uuid[])', [[...acknowledged.keys()]]);
      expect(ids.length).toBe(acknowledged.size);
    },
    LONG,
  );

  it(
    'SIGTERM to the start script stops the server and PostgreSQL: nothing of this data folder keeps running',
    async () => {
      expect((await postgresProcesses()).length).toBeGreaterThan(0);
      server!.proc.kill('SIGTERM');
      await server!.exited;
      await eventually('PostgreSQL of the data folder to stop', async () => (await postgresProcesses()).length === 0);
      await eventually('the portal to stop answering', async () => (await call('GET', '/health/live')).status === 0);
      await expect(fs.access(path.join(pgDir, 'postmaster.pid'))).rejects.toThrow();
      server = null;
    },
    LONG,
  );

  it(
    'a second signal while stopping stops at once (exit 130), and PostgreSQL still stops',
    async () => {
      server = await startServer();
      // A request half sent holds the stop for the server's grace period, so the second signal
      // surely arrives while it is stopping (two signals sent back to back may arrive as one).
      const socket = net.connect(ports.port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      socket.write('GET /api/health/live HTTP/1.1\r\nHost: localhost\r\n');
      socket.on('error', () => undefined);
      const running = server;
      running.proc.kill('SIGINT');
      await eventually('the server to say it is stopping', async () => running.output().includes('Stopping…'));
      running.proc.kill('SIGINT');
      await server.exited;
      expect(server.proc.exitCode).toBe(130);
      expect(server.output()).toContain('Stopping at once.');
      await eventually('PostgreSQL of the data folder to stop', async () => (await postgresProcesses()).length === 0);
      server = null;
    },
    LONG,
  );

  it(
    'SIGTERM to `npm start` (npm, its shell, the start script, the server) stops everything, as a supervisor expects',
    async () => {
      server = await start('npm', ['start', '--silent']);
      expect((await postgresProcesses()).length).toBeGreaterThan(0);
      server.proc.kill('SIGTERM');
      await eventually('PostgreSQL of the data folder to stop', async () => (await postgresProcesses()).length === 0);
      await eventually('the portal to stop answering', async () => (await call('GET', '/health/live')).status === 0);
      server = null;
    },
    LONG,
  );

  it(
    'kill -9 of the start script: the server notices it lost its parent and stops, PostgreSQL included',
    async () => {
      server = await startScript();
      server.proc.kill('SIGKILL');
      await server.exited;
      await eventually('PostgreSQL of the data folder to stop', async () => (await postgresProcesses()).length === 0);
      await eventually('the portal to stop answering', async () => (await call('GET', '/health/live')).status === 0);
      server = null;
    },
    LONG,
  );
});
