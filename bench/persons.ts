import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateSimulators } from '../server/integrations/simulators/migrate.ts';
import { createApi } from '../server/app.ts';
import { connect } from '../server/db/client.ts';
import { insertManyPersons } from '../server/seed/demo-persons.ts';
import { migrate } from '../server/db/migrate.ts';
import { getFreePort, startEmbeddedPostgres } from '../server/db/postgres.ts';
import { demoAccounts, seed, seedId } from '../server/seed/seed.ts';
import { personSearch } from '../server/search/providers.ts';
import { benchDeps } from './deps.ts';
import { managerToken } from './sign-in.ts';
import type { Figure } from './util.ts';

const PERSONS = 100_000;
const REQUESTS = 200;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * The persons list with 100,000 persons in one account: a throwaway embedded PostgreSQL,
 * migrated and seeded, then the list endpoint called through the real API (token check,
 * account resolution, permission, validation, query) for pages of 50 with a mix of sorts,
 * directions, filters and pages.
 */
export async function personsFigures(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'astera-bench-persons-'));
  // As root, PostgreSQL runs as "postgres", which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir, port: await getFreePort(), durable: false });
  const database = connect(server.url);
  try {
    await migrate(server.url);
    await migrateSimulators(server.url);
    let started = performance.now();
    await seed(database.db);
    const seedMs = performance.now() - started;

    const accountId = demoAccounts.riverside.id;
    started = performance.now();
    await insertManyPersons(database.db, accountId, PERSONS);
    const bulkMs = performance.now() - started;
    // Steady state: what autovacuum leaves behind (statistics and visibility map).
    await database.db.execute('vacuum analyze persons');

    const { jwk, token } = await managerToken();
    const api = createApi(benchDeps(database.db, jwk));
    // The practice administrator's grants, not an instance administrator's pass.
    const headers = { Authorization: `Bearer ${token}` };

    const sorts = ['name', 'id', 'orgRole', 'practitioner', 'user'];
    const filters = ['', '', '', 'smith', 'nguyen', 'mar', 'oliv', 'ja', '3f', 'zzq'];
    // Page 2,006 is the last of 100,302.
    const pages = [1, 1, 2, 3, 10, 50, 200, 2006];
    const paths: string[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      // Independent strides, so every filter meets every sort, direction and page.
      const q = filters[i % filters.length]!;
      const sort = sorts[Math.floor(i / filters.length) % sorts.length]!;
      const order = Math.floor(i / (filters.length * sorts.length)) % 2 ? 'desc' : 'asc';
      const params = new URLSearchParams({ limit: '50', sort, order, page: String(q ? 1 + (i % 3) : pages[Math.floor(i / 3) % pages.length]) });
      if (q) params.set('q', q);
      paths.push(`/person/persons?${params}`);
    }
    // Warm-up, one pass of the same mix: connections, plans, and the pages of a running server's
    // cache (the first read of a cold table from disk is not what a user waits for every day).
    for (const p of paths) await api.request(p, { headers });

    const all: number[] = [];
    const unfiltered: number[] = [];
    const filtered: number[] = [];
    for (const p of paths) {
      const t = performance.now();
      const res = await api.request(p, { headers });
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { total: number };
      const ms = performance.now() - t;
      if (!p.includes('&q=') && body.total < PERSONS) throw new Error(`${p}: total ${body.total}`);
      all.push(ms);
      (p.includes('&q=') ? filtered : unfiltered).push(ms);
    }
    // Palette entity search in the same account: partial, whole, misspelt and unknown names.
    const searches = ['oli', 'olivia smith', 'nguyen', 'jams', 'Marai Lopes', 'kowalczik', 'zzqx', 'sm'];
    const searchMs: number[] = [];
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 10; i++) {
        for (const q of searches) {
          const t = performance.now();
          await personSearch.search(database.db, accountId, q, 5);
          if (round === 1) searchMs.push(performance.now() - t);
        }
      }
    }
    searchMs.sort((a, b) => a - b);

    for (const list of [all, unfiltered, filtered]) list.sort((a, b) => a - b);

    // The palette's entity search over the same account: misspelt names, prefixes, an id.
    const paletteQueries = ['Marai Lopes', 'smith', 'jonh', 'olivia nguen', 'mar', 'cardio', 'Practice Admin', seedId('person:manager'), 'zzqx', 'elizbeth'];
    for (const q of paletteQueries) await api.request(`/search?q=${encodeURIComponent(q)}`, { headers });
    const search: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const q = paletteQueries[i % paletteQueries.length]!;
      const t = performance.now();
      const res = await api.request(`/search?q=${encodeURIComponent(q)}`, { headers });
      if (res.status !== 200) throw new Error(`search ${q}: ${res.status}`);
      await res.json();
      search.push(performance.now() - t);
    }
    search.sort((a, b) => a - b);
    return [
      { name: 'demo seed (3 accounts, 900 persons, 75 practitioners, 30 users)', value: seedMs, unit: 'ms', aim: '< 1000 ms' },
      { name: `bulk insert of ${PERSONS.toLocaleString('en-US')} persons (batches of 5,000)`, value: bulkMs / 1000, unit: 's' },
      { name: `GET /person/persons, 50 rows of ${PERSONS / 1000}k: p50 (${all.length} mixed requests)`, value: percentile(all, 50), unit: 'ms' },
      { name: `GET /person/persons, 50 rows of ${PERSONS / 1000}k: p95 (${all.length} mixed requests)`, value: percentile(all, 95), unit: 'ms', aim: '< 25 ms' },
      { name: `  unfiltered (sorts × pages): p95 of ${unfiltered.length}`, value: percentile(unfiltered, 95), unit: 'ms', aim: '< 25 ms' },
      { name: `  filtered by name or id prefix: p95 of ${filtered.length}`, value: percentile(filtered, 95), unit: 'ms', aim: '< 25 ms' },
      { name: `person search provider (typo-tolerant, 5 best): p95 of ${searchMs.length}`, value: percentile(searchMs, 95), unit: 'ms' },
      { name: `GET /search (palette, every type), ${PERSONS / 1000}k persons: p50 of ${search.length}`, value: percentile(search, 50), unit: 'ms' },
      { name: `GET /search (palette, every type), ${PERSONS / 1000}k persons: p95 of ${search.length}`, value: percentile(search, 95), unit: 'ms', aim: '< 50 ms' },
    ];
  } finally {
    await database.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
