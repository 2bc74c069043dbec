import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createApi } from '../server/app.ts';
import { connect } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { getFreePort, startEmbeddedPostgres } from '../server/db/postgres.ts';
import { demoAccounts, roleId, seed, seedId } from '../server/seed/seed.ts';
import { migrateSimulators } from '../server/integrations/simulators/migrate.ts';
import type { ResourceGrants } from '../domain/permissions.ts';
import { roles } from '../server/db/schema/index.ts';
import '../server/areas.ts';
import { auditRecordGrants, readsKind } from '../server/routes/audit/visibility.ts';
import { benchDeps } from './deps.ts';
import { BENCH_AUDIENCE, BENCH_ISSUER } from './sign-in.ts';
import type { Figure } from './util.ts';

const AUDIT_ROWS = 300_000;
const REQUESTS = 100;

/**
 * The log's kinds of record: the real ones (the facets list only kinds whose records the caller may
 * read, ../server/routes/audit/visibility.ts), so the practice administrator sees part of them and
 * the instance administrator all. A tag's entry names the record it tags, one of the others.
 */
const KINDS = Object.keys(auditRecordGrants());
const TAGGED = KINDS.filter((kind) => kind !== 'Tag');

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * The audit log screen's filters at 300,000 audit rows (most in one account, 60 actors, every kind
 * of record in `KINDS`): `GET /audit/facets` for one account (the practice administrator, who may
 * read only some kinds) and for every account (the instance administrator), through the real API on
 * a throwaway PostgreSQL.
 */
export async function auditFigures(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'astera-bench-audit-'));
  chmodSync(dataDir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir, port: await getFreePort(), durable: false });
  const database = connect(server.url);
  try {
    await migrate(server.url);
    await migrateSimulators(server.url);
    await seed(database.db);
    const riverside = demoAccounts.riverside.id;
    const lakeside = demoAccounts.lakeside.id;
    const started = performance.now();
    // 80% in Riverside, the rest in Lakeside; actors renamed now and then (the newest name is listed).
    await database.db.execute(sql`
      insert into audit_log (account_id, at, actor_id, actor_name, action, resource_type, resource_id, after)
      select case when g % 5 = 0 then ${lakeside}::uuid else ${riverside}::uuid end,
             now() - make_interval(secs => ${AUDIT_ROWS} - g),
             'bench-actor-' || ((g / 7) % 60),
             'Bench Actor ' || ((g / 7) % 60) || case when g > ${AUDIT_ROWS} - 1000 then ' (renamed)' else '' end,
             (array['create', 'update', 'delete'])[1 + g % 3],
             (${`{${KINDS.join(',')}}`}::text[])[1 + (g / 3) % ${KINDS.length}],
             md5(g::text),
             jsonb_build_object('n', g, 'taggedResourceType', (${`{${TAGGED.join(',')}}`}::text[])[1 + g % ${TAGGED.length}])
      from generate_series(1, ${AUDIT_ROWS}) g`);
    const bulkMs = performance.now() - started;
    await database.db.execute(sql`vacuum analyze audit_log`);

    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256' };
    const now = Math.floor(Date.now() / 1000);
    const tokenOf = (who: string) =>
      new SignJWT({ sub: seedId(`principal:${who}`), jti: randomUUID(), iat: now, exp: now + 3600 })
        .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
        .setIssuer(BENCH_ISSUER)
        .setAudience(BENCH_AUDIENCE)
        .sign(privateKey);
    const api = createApi(benchDeps(database.db, jwk));
    // The kinds each caller's facets must list: those its role may read (every kind for the instance administrator).
    const [managerRole] = await database.db.select({ resources: roles.resources }).from(roles).where(eq(roles.id, roleId('riverside', 'Practice Administrator')));
    const readable = (grants: ResourceGrants | undefined) => KINDS.filter((kind) => !grants || readsKind(grants, kind));
    const kindsOf = { manager: readable(managerRole!.resources as ResourceGrants), admin: readable(undefined) };
    if (kindsOf.manager.length === 0 || kindsOf.manager.length === KINDS.length) throw new Error(`the practice administrator reads ${kindsOf.manager.length} of ${KINDS.length} kinds: the bench means part of them`);
    const timings = async (who: keyof typeof kindsOf, p: string, check = true) => {
      const headers = { Authorization: `Bearer ${await tokenOf(who)}` };
      const get = async () => {
        const t = performance.now();
        const res = await api.request(p, { headers });
        if (res.status !== 200) throw new Error(`${p}: ${res.status} ${await res.text()}`);
        if (check) {
          const body = (await res.json()) as { actors: { name: string }[]; resourceTypes: string[] };
          const missing = kindsOf[who].filter((kind) => !body.resourceTypes.includes(kind));
          const unreadable = who === 'admin' ? [] : body.resourceTypes.filter((kind) => !kindsOf[who].includes(kind));
          if (body.actors.length < 60 || missing.length > 0 || unreadable.length > 0 || !body.actors.some((a) => a.name.endsWith('(renamed)'))) {
            throw new Error(`${p} as ${who}: unexpected facets (${body.actors.length} actors; kinds missing: ${missing.join(', ') || 'none'}; not readable: ${unreadable.join(', ') || 'none'})`);
          }
        } else {
          await res.json();
        }
        return performance.now() - t;
      };
      for (let i = 0; i < 10; i++) await get();
      const ms: number[] = [];
      for (let i = 0; i < REQUESTS; i++) ms.push(await get());
      return ms.sort((a, b) => a - b);
    };
    // The same machine's floor: a one-row read through the same door (token, account, grant).
    const floor = await timings('manager', '/audit/recent?limit=1', false);
    const account = await timings('manager', '/audit/facets');
    const every = await timings('admin', '/audit/facets');
    const k = `${AUDIT_ROWS / 1000}k`;
    return [
      { name: `insert ${AUDIT_ROWS.toLocaleString('en-US')} audit rows (one statement)`, value: bulkMs / 1000, unit: 's' },
      { name: `reference: GET /audit/recent?limit=1 (one row), p50 of ${REQUESTS}`, value: percentile(floor, 50), unit: 'ms' },
      { name: `GET /audit/facets, one account, ${k} rows: p50 of ${REQUESTS}`, value: percentile(account, 50), unit: 'ms' },
      { name: `GET /audit/facets, one account, ${k} rows: p95 of ${REQUESTS}`, value: percentile(account, 95), unit: 'ms', aim: '< 20 ms' },
      { name: `GET /audit/facets, every account (admin), ${k} rows: p50 of ${REQUESTS}`, value: percentile(every, 50), unit: 'ms' },
      { name: `GET /audit/facets, every account (admin), ${k} rows: p95 of ${REQUESTS}`, value: percentile(every, 95), unit: 'ms', aim: '< 20 ms' },
    ];
  } finally {
    await database.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
