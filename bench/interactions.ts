import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalJWKSet } from 'jose';
import { createApi } from '../server/app.ts';
import { connect } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { getFreePort, startEmbeddedPostgres } from '../server/db/postgres.ts';
import { createContactCenter } from '../server/integrations/contact-center/index.ts';
import { createFileRecordingStore } from '../server/integrations/recordings/files.ts';
import { migrateSimulators } from '../server/integrations/simulators/migrate.ts';
import { createTeamDirectory } from '../server/integrations/team-directory/index.ts';
import { insertManyInteractions } from '../server/seed/bulk-interactions.ts';
import { demoAccounts, seed } from '../server/seed/seed.ts';
import { BENCH_AUDIENCE, BENCH_ISSUER, benchToken } from './sign-in.ts';
import type { Figure } from './util.ts';

const INTERACTIONS = Number(process.env.BENCH_INTERACTIONS ?? 1_000_000);
const REQUESTS = 200;
const EVENTS = 50;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * The call history at a million interactions in one account (issue 26): a throwaway embedded
 * PostgreSQL, migrated and seeded, the million bulk-loaded the way `npm run seed -- --interactions`
 * does (one transaction, the triggers' work done once afterwards: search columns, push, the daily figures), then the API called
 * in-process (token, caller, permission, validation, query) as the Read Only user, who reads
 * interactions and historic metrics: list pages with and without filters, one call's detail with
 * 50 events, and 90 days of historic metrics.
 */
export async function interactionsFigures(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'astera-bench-interactions-'));
  chmodSync(dataDir, 0o755);
  const recordingsDir = mkdtempSync(path.join(tmpdir(), 'astera-bench-recordings-'));
  const server = await startEmbeddedPostgres({ dataDir, port: await getFreePort(), durable: false });
  const database = connect(server.url);
  try {
    await migrate(server.url);
    await migrateSimulators(server.url);
    const recordings = createFileRecordingStore(recordingsDir);
    await seed(database.db, { recordings });
    const accountId = demoAccounts.riverside.id;

    let started = performance.now();
    await insertManyInteractions(database.pool, accountId, INTERACTIONS, { seed: 26, recordings });
    const bulkMs = performance.now() - started;
    started = performance.now();
    await database.pool.query('vacuum analyze interactions');
    await database.pool.query('vacuum analyze interaction_daily_metrics');
    const vacuumMs = performance.now() - started;

    // One call with 50 events (a long call: transfers, holds, monitors), as the detail reads it.
    const { rows: picked } = await database.pool.query<{ id: string; events: unknown[] }>('select id, events from interactions where account_id = $1 and deleted_at is null order by start_timestamp desc limit 1', [accountId]);
    const long = picked[0]!;
    const events = Array.from({ length: EVENTS }, (_, i) => ({
      id: `bench-${i}`,
      type: ['enqueued', 'connectedToAgent', 'transfer', 'attributes', 'monitor'][i % 5],
      startTimestamp: new Date(Date.now() - (EVENTS - i) * 30_000).toISOString(),
      duration: 30,
      leg: 1 + Math.floor(i / 10),
      contactSource: 'bench',
      details: { note: 'x'.repeat(200), index: i },
    }));
    await database.pool.query('update interactions set events = $2 where id = $1', [long.id, JSON.stringify(events)]);

    const { rows: queues } = await database.pool.query<{ queue_id: string }>("select queue_id from queues where account_id = $1 and removed_at is null and queue_name <> 'BasicQueue' order by queue_name limit 2", [accountId]);
    const { rows: agents } = await database.pool.query<{ person_id: string }>('select person_id from users where account_id = $1 order by name limit 2', [accountId]);
    const { rows: numbers } = await database.pool.query<{ contact_number: string; patient_name: string }>('select contact_number, patient_name from interactions where account_id = $1 and contact_number is not null limit 3', [accountId]);

    const { jwk, token } = await benchToken('viewer');
    const api = createApi({
      db: database.db,
      keys: createLocalJWKSet({ keys: [jwk] }),
      issuer: BENCH_ISSUER,
      audience: BENCH_AUDIENCE,
      reportingUrl: 'http://reports.bench',
      teamDirectory: createTeamDirectory({ kind: 'simulator' }, database.db),
      contactCenter: createContactCenter({ kind: 'simulator' }, database.db),
      recordings,
    });
    const headers = { Authorization: `Bearer ${token}` };

    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const digits = (n: string) => n.replace(/\D/g, '').slice(-10);
    const unfiltered = [0, 0, 50, 100, 500, 1000, 5000].map((offset) => `/interactions/interactions?limit=50&offset=${offset}`);
    const filtered = [
      `queue=${queues[0]!.queue_id}`,
      `agent=${agents[0]!.person_id}`,
      'status=abandoned',
      'escalated=true',
      'direction=outbound',
      `from=${day(7)}&to=${day(0)}`,
      `from=${day(30)}&to=${day(20)}&queue=${queues[1]?.queue_id ?? queues[0]!.queue_id}`,
      // A number in another spelling, and part of a name.
      `q=${encodeURIComponent(`(${digits(numbers[0]!.contact_number).slice(0, 3)}) ${digits(numbers[0]!.contact_number).slice(3, 6)}-${digits(numbers[0]!.contact_number).slice(6)}`)}`,
      `q=${encodeURIComponent(numbers[1]!.patient_name.split(' ').pop()!.slice(0, 5))}`,
      'disposition=Scheduled',
      // Last session's slow case at a million: a combination of filters that matches (next to) nothing.
      `queue=${queues[0]!.queue_id}&status=follow-up&escalated=true`,
    ].map((f) => `/interactions/interactions?limit=50&${f}`);
    const detail = `/interactions/interactions/${long.id}`;
    const historic = [`/metrics/historic?from=${day(89)}&to=${day(0)}`, `/metrics/historic?from=${day(89)}&to=${day(0)}&queueId=${queues[0]!.queue_id}`];

    const byPath = new Map<string, number[]>();
    const time = async (paths: string[], count: number, check?: (body: unknown) => void) => {
      // Warm-up: one pass (plans, connections, cache).
      for (const p of paths) await (await api.request(p, { headers })).arrayBuffer();
      const ms: number[] = [];
      for (let i = 0; i < count; i++) {
        const p = paths[i % paths.length]!;
        const t = performance.now();
        const res = await api.request(p, { headers });
        if (res.status !== 200) throw new Error(`${p}: ${res.status} ${await res.text()}`);
        const body = await res.json();
        ms.push(performance.now() - t);
        byPath.set(p, [...(byPath.get(p) ?? []), ms.at(-1)!]);
        check?.(body);
      }
      return ms.sort((a, b) => a - b);
    };
    const listAll = await time(unfiltered, REQUESTS, (body) => {
      if ((body as { total: number }).total < INTERACTIONS * 0.5) throw new Error(`unfiltered list total ${(body as { total: number }).total}`);
    });
    const listFiltered = await time(filtered, REQUESTS);
    const detailMs = await time([detail], REQUESTS, (body) => {
      if ((body as { events: unknown[] }).events.length !== EVENTS) throw new Error('the detail lacks its 50 events');
    });
    const historicMs = await time(historic, 100);

    // The slowest filters by their median, so a slow combination shows by name, not only in the p95.
    const median = (list: number[]) => percentile([...list].sort((a, b) => a - b), 50);
    const slowest = filtered
      .map((p) => ({ p, ms: median(byPath.get(p) ?? [0]) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map(({ p, ms }) => ({ name: `  median of ${p.replace('/interactions/interactions?limit=50&', '').replace(/[0-9a-f-]{36}|q-[\w-]+/g, '…').slice(0, 50)}`, value: ms, unit: 'ms' }));

    return [
      { name: `bulk load of ${INTERACTIONS.toLocaleString('en-US')} interactions (one transaction, triggers deferred)`, value: bulkMs / 1000, unit: 's' },
      { name: '  then VACUUM ANALYZE', value: vacuumMs / 1000, unit: 's' },
      { name: `GET /interactions/interactions, 50 rows, no filter: p95 of ${listAll.length}`, value: percentile(listAll, 95), unit: 'ms', aim: '< 50 ms' },
      { name: `GET /interactions/interactions, 50 rows, filtered: p50 of ${listFiltered.length}`, value: percentile(listFiltered, 50), unit: 'ms' },
      { name: `GET /interactions/interactions, 50 rows, filtered: p95 of ${listFiltered.length}`, value: percentile(listFiltered, 95), unit: 'ms', aim: '< 50 ms' },
      ...slowest,
      { name: `GET /interactions/interactions/{id}, ${EVENTS} events: p95 of ${detailMs.length}`, value: percentile(detailMs, 95), unit: 'ms', aim: '< 20 ms' },
      { name: `GET /metrics/historic, 90 days: p95 of ${historicMs.length}`, value: percentile(historicMs, 95), unit: 'ms', aim: '< 100 ms' },
    ];
  } finally {
    await database.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(recordingsDir, { recursive: true, force: true });
  }
}
