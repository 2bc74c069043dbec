import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { connect } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { getFreePort, startEmbeddedPostgres } from '../server/db/postgres.ts';
import { interactions } from '../server/db/schema/index.ts';
import { createFileRecordingStore } from '../server/integrations/recordings/files.ts';
import { demoAccounts, seed } from '../server/seed/seed.ts';
import { startApi } from './auth.ts';
import { benchToken, BENCH_AUDIENCE, BENCH_ISSUER } from './sign-in.ts';
import type { Figure } from './util.ts';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_RECORDINGS_SECONDS ?? 5);
const RECORDING_BYTES = 1024 * 1024;
const RANGE_BYTES = 64 * 1024;

/**
 * A player's requests for a recording (issue 26): 64 KB ranges of a 1 MB recording in the files
 * store, one after the other (each connection walks the file from the start, so one request in 16
 * is a play the access log records), over keep-alive HTTP from another process than the server's.
 * Every request goes the whole way: token, caller, permission, the interaction's event in
 * PostgreSQL, the store's stat and read.
 */
export async function recordingsFigures(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'astera-bench-recordings-'));
  // As root, PostgreSQL runs as "postgres", which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const recordingsDir = path.join(dataDir, 'recordings');
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: await getFreePort(), durable: false });
  let stop = async () => {};
  try {
    await migrate(pg.url);
    const database = connect(pg.url);
    await seed(database.db);
    const accountId = demoAccounts.riverside.id;
    const id = randomUUID();
    const eventId = 'ev-recording';
    await database.db.insert(interactions).values({
      id,
      accountId,
      createdBy: 'bench',
      modifiedBy: 'bench',
      startTimestamp: new Date(),
      direction: 'inbound',
      status: 'completed',
      recordingsCount: 1,
      events: [
        { id: 'ev-inbound', type: 'inbound', startTimestamp: new Date().toISOString(), duration: 0, leg: 1, contactSource: 'simulator', details: {} },
        {
          id: eventId,
          type: 'recordings',
          startTimestamp: new Date().toISOString(),
          duration: 65,
          leg: 1,
          contactSource: 'simulator',
          recordings: [{ path: 'call.wav', contentType: 'audio/wav', durationSeconds: 65, size: RECORDING_BYTES }],
          details: {},
        },
      ],
    });
    await database.close();
    const audio = Uint8Array.from({ length: RECORDING_BYTES }, (_, i) => (i * 31) % 256);
    await createFileRecordingStore(recordingsDir).put(`${accountId}/${id}/${eventId}/call.wav`, audio, 'audio/wav');

    // The Read Only user: the seed's practice administrator role does not read interactions.
    const { jwk, token } = await benchToken('viewer');
    const api = await startApi({ DATABASE_URL: pg.url, BENCH_JWK: JSON.stringify(jwk), BENCH_ISSUER, BENCH_AUDIENCE, BENCH_RECORDINGS_DIR: recordingsDir });
    stop = api.stop;
    const url = `${api.base}/interactions/interactions/${id}/events/${eventId}/recordings/call.wav`;
    const requests = Array.from({ length: RECORDING_BYTES / RANGE_BYTES }, (_, i) => ({
      method: 'GET' as const,
      headers: { Authorization: `Bearer ${token}`, Range: `bytes=${i * RANGE_BYTES}-${(i + 1) * RANGE_BYTES - 1}` },
    }));
    const run = async (seconds: number, target = url, expected = '206') => {
      const result = await autocannon({ url: target, connections: CONNECTIONS, duration: seconds, requests: target === url ? requests : [{ method: 'GET', headers: requests[0]!.headers }] });
      const statuses = Object.keys(result.statusCodeStats ?? {});
      if (result.errors > 0 || statuses.some((status) => status !== expected)) throw new Error(`${target}: ${result.errors} errors, statuses ${statuses.join(', ')} (expected ${expected})`);
      return result.requests.average;
    };
    // Warm-up: connections, JIT, the database's plans, the page cache.
    await run(1);
    const rate = await run(SECONDS);
    // The same server's smallest authenticated answer, for a ratio that a busy machine skews less.
    const policy = await run(SECONDS, api.url, '200');
    await api.stop();
    stop = async () => {};
    return [
      { name: `Recording range requests, 64 KB of a 1 MB file (files store), ${CONNECTIONS} connections`, value: rate, unit: 'req/s' },
      { name: '  bytes of audio served', value: (rate * RANGE_BYTES) / (1024 * 1024), unit: 'MB/s' },
      { name: '  ratio, range request : access policy read (same server and connections)', value: rate / policy, unit: '' },
    ];
  } finally {
    await stop();
    await pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
