import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { connect } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { getFreePort, startEmbeddedPostgres } from '../server/db/postgres.ts';
import { seed, seedId } from '../server/seed/seed.ts';
import { BENCH_AUDIENCE, BENCH_ISSUER, managerToken } from './sign-in.ts';
import { root, type Figure } from './util.ts';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_AUTH_SECONDS ?? 5);

/** Requests per second over the run; every answer must have the expected status. */
export async function throughput(url: string, headers: Record<string, string>, expected: number, seconds: number): Promise<number> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  const statuses = Object.keys(result.statusCodeStats ?? {});
  if (result.errors > 0 || statuses.some((status) => status !== String(expected))) {
    throw new Error(`${url}: ${result.errors} errors, statuses ${statuses.join(', ')} (expected ${expected})`);
  }
  return result.requests.average;
}

/** The bench API server (bench/api-server.ts) in a process of its own. */
export async function startApi(env: Record<string, string>) {
  const port = await getFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench', 'api-server.ts')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`bench API server exited with ${code}`)));
  });
  return {
    base: `http://localhost:${port}/api`,
    url: `http://localhost:${port}/api/permissions/accesspolicy`,
    async stop() {
      child.removeAllListeners('exit');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Authenticated throughput against the API's own refusal, side by side in one run (architecture
 * "Who is calling, cheaply"): the access-policy read as the practice administrator (token check,
 * caller, account, permission, an answer built from the caller) and the 401 answer to a request
 * without a token, both over keep-alive HTTP from another process than the server's.
 */
export async function authFigures(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'astera-bench-auth-'));
  // As root, PostgreSQL runs as "postgres", which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir, port: await getFreePort(), durable: false });
  let stop = async () => {};
  try {
    await migrate(pg.url);
    const database = connect(pg.url);
    await seed(database.db);
    await database.close();

    const { jwk, token } = await managerToken();

    const env = { DATABASE_URL: pg.url, BENCH_JWK: JSON.stringify(jwk), BENCH_ISSUER, BENCH_AUDIENCE };
    const signedIn = { Authorization: `Bearer ${token}` };

    // Without the cache: the caller in one round trip on every request.
    let api = await startApi({ ...env, BENCH_CALLER_CACHE: 'off' });
    stop = api.stop;
    await throughput(api.url, signedIn, 200, 1);
    const uncached = await throughput(api.url, signedIn, 200, SECONDS);
    await api.stop();
    stop = async () => {};

    api = await startApi(env);
    stop = api.stop;
    // Warm-up: connections, JIT, the database's plans.
    await throughput(api.url, {}, 401, 1);
    await throughput(api.url, signedIn, 200, 1);
    const refused = await throughput(api.url, {}, 401, SECONDS);
    const policy = await throughput(api.url, signedIn, 200, SECONDS);
    await api.stop();
    stop = async () => {};
    // A patient record's read, which the access log records (in batches), on a server with the log
    // and on one without, in the order with, without, without, with (the machine warms up as it
    // goes): the mean of each pair.
    const person = `/person/persons/${seedId('person:riverside:0')}`;
    const personReads = async (accessLog: 'on' | 'off') => {
      const server = await startApi({ ...env, BENCH_ACCESS_LOG: accessLog });
      stop = server.stop;
      await throughput(`${server.base}${person}`, signedIn, 200, 1);
      const rate = await throughput(`${server.base}${person}`, signedIn, 200, SECONDS);
      await server.stop();
      stop = async () => {};
      return rate;
    };
    const on1 = await personReads('on');
    const off1 = await personReads('off');
    const off2 = await personReads('off');
    const on2 = await personReads('on');
    const recorded = (on1 + on2) / 2;
    const unrecorded = (off1 + off2) / 2;
    return [
      { name: `API 401 refusal (no token), ${CONNECTIONS} keep-alive connections`, value: refused, unit: 'req/s' },
      { name: 'GET /api/permissions/accesspolicy as practice administrator', value: policy, unit: 'req/s' },
      { name: '  ratio, access policy : 401 refusal (same run)', value: policy / refused, unit: '', aim: '≥ 0.1' },
      { name: '  the same without the caller cache (one round trip each)', value: uncached / refused, unit: '' },
      { name: 'GET /api/person/persons/{id} as practice administrator, read recorded (access log)', value: recorded, unit: 'req/s' },
      { name: '  ratio, person read : 401 refusal', value: recorded / refused, unit: '' },
      { name: '  the same without the access log (servers with, without, without, with; means)', value: unrecorded / refused, unit: '' },
    ];
  } finally {
    await stop();
    await pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
