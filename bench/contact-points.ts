import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrateSimulators } from '../server/integrations/simulators/migrate.ts';
import { createApi } from '../server/app.ts';
import { CallerCache } from '../server/auth/callers.ts';
import { connect } from '../server/db/client.ts';
import { insertManyContactPoints } from '../server/seed/demo-contact-points.ts';
import { migrate } from '../server/db/migrate.ts';
import { getFreePort, startEmbeddedPostgres } from '../server/db/postgres.ts';
import { demoAccounts, seed } from '../server/seed/seed.ts';
import { benchDeps } from './deps.ts';
import { managerToken } from './sign-in.ts';
import type { Figure } from './util.ts';

const CONTACT_POINTS = 100_000;
const REQUESTS = 300;
const VIP_LOOKUPS = 2000;
/** Requests in flight at once for the VIP lookup's throughput (a call center's incoming calls). */
const CONCURRENCY = 16;
const THROUGHPUT_MS = 3000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Spellings a caller id or an agent might give the same number in. */
const spellings = [
  (d: string) => `(${d.slice(2, 5)}) ${d.slice(5, 8)}-${d.slice(8)}`,
  (d: string) => `${d.slice(2, 5)}.${d.slice(5, 8)}.${d.slice(8)}`,
  (d: string) => `+1 ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8)}`,
  (d: string) => d,
];

/**
 * Contact points with 100,000 in one account (issue #9): a throwaway embedded PostgreSQL,
 * migrated and seeded, then the real API (token check, account, permission, validation, query)
 * for list pages (every sort, both directions, pages near and far, filters by name and number),
 * the palette search, and the call center's VIP lookup by value (latency, then throughput with
 * 16 lookups in flight). The API has the process's cache of callers, as server/main.ts gives it
 * (`BENCH_CALLER_CACHE=off`: every request resolves its caller in the database, for comparison).
 */
export async function contactPointsFigures(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'astera-bench-contact-points-'));
  chmodSync(dataDir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir, port: await getFreePort(), durable: false });
  const database = connect(server.url);
  const callers = process.env.BENCH_CALLER_CACHE === 'off' ? undefined : new CallerCache(server.url);
  try {
    await callers?.start();
    await migrate(server.url);
    await migrateSimulators(server.url);
    await seed(database.db);
    const accountId = demoAccounts.riverside.id;
    let started = performance.now();
    await insertManyContactPoints(database.db, accountId, CONTACT_POINTS);
    const bulkMs = performance.now() - started;
    await database.db.execute('vacuum analyze contact_points');

    const { jwk, token } = await managerToken();
    const api = createApi(benchDeps(database.db, jwk, { callers }));
    const headers = { Authorization: `Bearer ${token}` };
    const get = async (p: string) => {
      const t = performance.now();
      const res = await api.request(p, { headers });
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      const body: unknown = await res.json();
      return { ms: performance.now() - t, body };
    };

    // Numbers that exist (a sample of the bulk rows, VIP and not) and some that do not.
    const sample = await database.db.execute<{ normalized_value: string; vip: boolean }>(
      sql`select normalized_value, vip from contact_points where account_id = ${accountId} and system = 'PHONE' order by md5(id::text) limit 200`,
    );
    const known = sample.rows.map((r) => r.normalized_value);
    const numbers = [...known, '+12065550000', '+19715559999', '+13035551234'];

    // List pages: every sort, both directions, near and far pages, filters by name, by number (any spelling), by part.
    const sorts = ['name', 'id', 'value', 'vip', 'serviceProvider', 'systemType', 'rank'];
    const filters = ['', '', '', '', 'billing', 'oak street', 'triage', spellings[0]!(known[0]!), spellings[1]!(known[1]!), 'zzq'];
    const pages = [1, 1, 2, 3, 10, 50, 200, 2000];
    const paths: string[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const q = filters[i % filters.length]!;
      const sort = sorts[Math.floor(i / filters.length) % sorts.length]!;
      const order = Math.floor(i / (filters.length * sorts.length)) % 2 ? 'desc' : 'asc';
      const params = new URLSearchParams({ limit: '10', sort, order, page: String(q ? 1 + (i % 3) : pages[Math.floor(i / 3) % pages.length]) });
      if (q) params.set('q', q);
      paths.push(`/contactpoints/contact-points?${params}`);
    }
    for (const p of paths) await get(p);
    const all: number[] = [];
    const unfiltered: number[] = [];
    const filtered: number[] = [];
    for (const p of paths) {
      const { ms, body } = await get(p);
      if (!p.includes('&q=') && (body as { total: number }).total < CONTACT_POINTS) throw new Error(`${p}: total ${(body as { total: number }).total}`);
      all.push(ms);
      (p.includes('&q=') ? filtered : unfiltered).push(ms);
    }
    for (const list of [all, unfiltered, filtered]) list.sort((a, b) => a - b);

    // The palette's search (every type the role reads), contact point names and numbers among them.
    const queries = ['Billing', 'nurse triaj', 'oak stret', 'after-hours', spellings[2]!(known[2]!), '555-01', 'Harbor View 12', 'zzqx', 'fax', 'Riverbend'];
    for (const q of queries) await get(`/search?q=${encodeURIComponent(q)}`);
    const search: number[] = [];
    for (let i = 0; i < REQUESTS; i++) search.push((await get(`/search?q=${encodeURIComponent(queries[i % queries.length]!)}`)).ms);
    search.sort((a, b) => a - b);

    // VIP lookup by value, in the spelling the caller id gives.
    const vipPath = (i: number) => `/contactpoints/vip/${encodeURIComponent(spellings[i % spellings.length]!(numbers[i % numbers.length]!))}`;
    for (let i = 0; i < 200; i++) await get(vipPath(i));
    const vip: number[] = [];
    for (let i = 0; i < VIP_LOOKUPS; i++) vip.push((await get(vipPath(i))).ms);
    vip.sort((a, b) => a - b);

    let done = 0;
    started = performance.now();
    const worker = async (w: number) => {
      for (let i = w; performance.now() - started < THROUGHPUT_MS; i += CONCURRENCY) {
        await get(vipPath(i));
        done++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
    const perSecond = done / ((performance.now() - started) / 1000);

    const k = CONTACT_POINTS / 1000;
    return [
      { name: `bulk insert of ${CONTACT_POINTS.toLocaleString('en-US')} contact points (batches of 5,000)`, value: bulkMs / 1000, unit: 's' },
      { name: `GET /contactpoints/contact-points, 10 rows of ${k}k: p50 (${all.length} mixed)`, value: percentile(all, 50), unit: 'ms' },
      { name: `GET /contactpoints/contact-points, 10 rows of ${k}k: p95 (${all.length} mixed)`, value: percentile(all, 95), unit: 'ms', aim: '< 25 ms' },
      { name: `  unfiltered (sorts × pages): p95 of ${unfiltered.length}`, value: percentile(unfiltered, 95), unit: 'ms', aim: '< 25 ms' },
      { name: `  filtered by name or number: p95 of ${filtered.length}`, value: percentile(filtered, 95), unit: 'ms', aim: '< 25 ms' },
      { name: `GET /search (palette, every type), ${k}k contact points: p50 of ${search.length}`, value: percentile(search, 50), unit: 'ms' },
      { name: `GET /search (palette, every type), ${k}k contact points: p95 of ${search.length}`, value: percentile(search, 95), unit: 'ms', aim: '< 50 ms' },
      { name: `GET /contactpoints/vip/{value}, ${k}k: p50 of ${vip.length}`, value: percentile(vip, 50), unit: 'ms' },
      { name: `GET /contactpoints/vip/{value}, ${k}k: p95 of ${vip.length}`, value: percentile(vip, 95), unit: 'ms', aim: '< 5 ms' },
      { name: `GET /contactpoints/vip/{value} throughput, ${CONCURRENCY} in flight (in process)`, value: perSecond, unit: 'req/s' },
    ];
  } finally {
    await callers?.close();
    await database.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
