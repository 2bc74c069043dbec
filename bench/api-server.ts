/**
 * The API served over HTTP the way server/main.ts serves it (under /api, with the process's
 * cache of callers unless BENCH_CALLER_CACHE=off), for bench/auth.ts, which drives it from another process. Reads
 * DATABASE_URL, BENCH_JWK (the public signing key), PORT and BENCH_RECORDINGS_DIR; prints "listening" when ready.
 * BENCH_NOTIFICATIONS=on starts the process's listener of PostgreSQL notifications as server/main.ts does (the
 * chat's long polls wake on it; without it they look every second), and trusts one proxy's X-Forwarded-For (each
 * bench client then counts as its own address for the public pages' throttles, as patients do).
 */
import { tmpdir } from 'node:os';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { JWK } from 'jose';
import { createApi } from '../server/app.ts';
import { CallerCache } from '../server/auth/callers.ts';
import { connect } from '../server/db/client.ts';
import { AccessLog } from '../server/access-log.ts';
import { NotificationHub } from '../server/notifications/stream.ts';
import { simulated } from '../server/deps.ts';
import { benchDeps } from './deps.ts';

const databaseUrl = process.env.DATABASE_URL!;
const database = connect(databaseUrl);
// BENCH_CALLER_CACHE=off: every request resolves its caller in the database (for comparison).
const callers = process.env.BENCH_CALLER_CACHE === 'off' ? undefined : new CallerCache(databaseUrl);
await callers?.start();
// As in production: reads of patient data are recorded, in batches (BENCH_ACCESS_LOG=off: not, for comparison).
const accessLog = process.env.BENCH_ACCESS_LOG === 'off' ? undefined : new AccessLog(database.db).start();
const notifications = process.env.BENCH_NOTIFICATIONS === 'on' ? new NotificationHub(databaseUrl) : undefined;
await notifications?.start();
const api = createApi(
  benchDeps(database.db, JSON.parse(process.env.BENCH_JWK!) as JWK, {
    callers,
    issuer: process.env.BENCH_ISSUER!,
    audience: process.env.BENCH_AUDIENCE!,
    // Files under BENCH_RECORDINGS_DIR (bench/recordings.ts puts one there), as `npm start` keeps them under DATA_DIR.
    integrations: { ...simulated(tmpdir()), recordings: { kind: 'files', directory: process.env.BENCH_RECORDINGS_DIR ?? null } },
    accessLog,
    ...(notifications ? { notifications, trustProxyHops: 1 } : {}),
  }),
);
const server = serve({ fetch: new Hono().route('/api', api).fetch, port: Number(process.env.PORT) }, () => console.log('listening'));
process.on('SIGTERM', () => {
  server.close();
  void (callers?.close() ?? Promise.resolve())
    .then(() => notifications?.close())
    .then(() => accessLog?.close()).then(() => database.close()).then(() => process.exit(0));
});
