/**
 * The API served over HTTP the way server/main.ts serves it (under /api, with the process's
 * cache of callers unless BENCH_CALLER_CACHE=off), for bench/auth.ts, which drives it from another process. Reads
 * DATABASE_URL, BENCH_JWK (the public signing key), PORT and BENCH_RECORDINGS_DIR; prints "listening" when ready.
 */
import { tmpdir } from 'node:os';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createLocalJWKSet, type JWK } from 'jose';
import { createTeamDirectory } from '../server/integrations/team-directory/index.ts';
import { createApi } from '../server/app.ts';
import { CallerCache } from '../server/auth/callers.ts';
import { connect } from '../server/db/client.ts';
import { AccessLog } from '../server/access-log.ts';
import { createContactCenter } from '../server/integrations/contact-center/index.ts';
import { createRecordingStore } from '../server/integrations/recordings/index.ts';

const databaseUrl = process.env.DATABASE_URL!;
const database = connect(databaseUrl);
// BENCH_CALLER_CACHE=off: every request resolves its caller in the database (for comparison).
const callers = process.env.BENCH_CALLER_CACHE === 'off' ? undefined : new CallerCache(databaseUrl);
await callers?.start();
// As in production: reads of patient data are recorded, in batches (BENCH_ACCESS_LOG=off: not, for comparison).
const accessLog = process.env.BENCH_ACCESS_LOG === 'off' ? undefined : new AccessLog(database.db).start();
const api = createApi({
  db: database.db,
  callers,
  keys: createLocalJWKSet({ keys: [JSON.parse(process.env.BENCH_JWK!) as JWK] }),
  issuer: process.env.BENCH_ISSUER!,
  audience: process.env.BENCH_AUDIENCE!,
  reportingUrl: 'http://reports.bench',
  teamDirectory: createTeamDirectory({ kind: 'simulator' }, database.db),
  contactCenter: createContactCenter({ kind: 'simulator' }, database.db),
  // Files under BENCH_RECORDINGS_DIR (bench/recordings.ts puts one there), as `npm start` keeps them under DATA_DIR.
  recordings: createRecordingStore({ kind: 'files', directory: process.env.BENCH_RECORDINGS_DIR ?? null }, tmpdir()),
  accessLog,
});
const server = serve({ fetch: new Hono().route('/api', api).fetch, port: Number(process.env.PORT) }, () => console.log('listening'));
process.on('SIGTERM', () => {
  server.close();
  void (callers?.close() ?? Promise.resolve()).then(() => accessLog?.close()).then(() => database.close()).then(() => process.exit(0));
});
