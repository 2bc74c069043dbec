import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { issueApiKey } from '../server/auth/api-keys.ts';
import { connect } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { getFreePort, startEmbeddedPostgres } from '../server/db/postgres.ts';
import { apiKeys } from '../server/db/schema/index.ts';
import { demoAccounts, roleId, seed } from '../server/seed/seed.ts';
import { startApi, throughput } from './auth.ts';
import { BENCH_AUDIENCE, BENCH_ISSUER, managerToken } from './sign-in.ts';
import type { Figure } from './util.ts';

const SECONDS = Number(process.env.BENCH_AUTH_SECONDS ?? 5);

/**
 * API-key reads beside bearer-token reads, in one run against one server process (issue #10):
 * the same read (`GET /api/issues`, a page of the account's issues) as the practice administrator
 * with their JWT, and with an API key holding the same role, sent as `x-api-key` and as
 * `Authorization: Bearer ak_…`. Both callers are cached per process; a key's last use is written
 * at most once a minute, so its reads stay reads.
 */
export async function apiKeyFigures(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'astera-bench-apikeys-'));
  // As root, PostgreSQL runs as "postgres", which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir, port: await getFreePort(), durable: false });
  let stop = async () => {};
  try {
    await migrate(pg.url);
    const database = connect(pg.url);
    await seed(database.db);
    const { secret, secretHash, hint } = issueApiKey();
    await database.db.insert(apiKeys).values({
      accountId: demoAccounts.riverside.id,
      name: 'Bench key',
      roleId: roleId('riverside', 'Practice Administrator'),
      secretHash,
      hint,
      createdBy: 'bench',
      modifiedBy: 'bench',
    });
    await database.close();

    const { jwk, token } = await managerToken();
    const api = await startApi({ DATABASE_URL: pg.url, BENCH_JWK: JSON.stringify(jwk), BENCH_ISSUER, BENCH_AUDIENCE });
    stop = api.stop;
    const url = `${api.base}/issues?limit=10`;
    const bearer = { Authorization: `Bearer ${token}` };
    const xApiKey = { 'x-api-key': secret };
    const keyBearer = { Authorization: `Bearer ${secret}` };
    // Warm-up: connections, JIT, the database's plans, both caches.
    await throughput(url, bearer, 200, 1);
    await throughput(url, xApiKey, 200, 1);
    const token1 = await throughput(url, bearer, 200, SECONDS);
    const key = await throughput(url, xApiKey, 200, SECONDS);
    const keyAsBearer = await throughput(url, keyBearer, 200, SECONDS);
    // Again in the other order, so a drift of the machine over the run shows rather than skews.
    const token2 = await throughput(url, bearer, 200, SECONDS);
    const tokens = (token1 + token2) / 2;
    return [
      { name: 'GET /api/issues, bearer JWT (practice administrator)', value: tokens, unit: 'req/s' },
      { name: 'GET /api/issues, x-api-key (same role)', value: key, unit: 'req/s' },
      { name: 'GET /api/issues, Authorization: Bearer ak_…', value: keyAsBearer, unit: 'req/s' },
      { name: '  ratio, API key : bearer JWT (same run)', value: key / tokens, unit: '', aim: '≥ 0.9' },
    ];
  } finally {
    await stop();
    await pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
