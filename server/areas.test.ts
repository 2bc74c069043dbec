import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { permissionCatalogue } from '../domain/permissions.ts';
import { accessRecordKinds } from '../domain/audit.ts';
import { areas } from './areas.ts';
import { auditRecordGrants } from './routes/audit/visibility.ts';
import { migratedDatabase } from './test/test-db.ts';

/**
 * One descriptor per API area (issue 41): every area is described once (server/areas.ts), and
 * every table with records, every catalogue resource and every kind of System log entry is
 * accounted for by exactly one descriptor. A new entity that forgets its descriptor, or a line of
 * it, fails here instead of being silently hidden (the System log is closed by default).
 */
const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Account-scoped tables that hold no area's records: the machinery every area shares. Each with
 * why it belongs to none.
 */
const infrastructure: Record<string, string> = {
  idempotency_keys: "a write's Idempotency-Key and its answer, for any area's POST (server/records.ts)",
};

/** The account-scoped tables of the migrated schema (those with an `account_id` column), as server/db/distributable.test.ts finds them. */
const scopedTables = `
  select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p')
    and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'account_id' and not a.attisdropped)
  order by 1`;

/** Each value of `key` of the areas, with the areas that list it. */
function owners(key: (area: (typeof areas)[number]) => readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const area of areas) for (const value of key(area)) out.set(value, [...(out.get(value) ?? []), area.name]);
  return out;
}
const listedTwice = (map: Map<string, string[]>) => [...map].filter(([, names]) => names.length > 1).map(([value, names]) => `${value}: ${names.join(', ')}`);

describe('every API area is described once', () => {
  it('each folder of server/routes has its descriptor (area.ts), listed in server/areas.ts under its folder name', () => {
    const folders = readdirSync(path.join(here, 'routes')).filter((name) => statSync(path.join(here, 'routes', name)).isDirectory());
    expect(folders.filter((name) => !readdirSync(path.join(here, 'routes', name)).includes('area.ts')), 'add server/routes/<area>/area.ts').toEqual([]);
    const names = areas.map((area) => area.name);
    expect(listedTwice(owners((area) => [area.name]))).toEqual([]);
    expect(folders.filter((name) => !names.includes(name)), 'list these areas in server/areas.ts').toEqual([]);
    expect(names.filter((name) => !folders.includes(name))).toEqual(['openapi']);
  });

  it('each catalogue resource is guarded by exactly one area, and an area grants only its own', () => {
    const byResource = owners((area) => area.resources ?? []);
    expect(listedTwice(byResource)).toEqual([]);
    expect(permissionCatalogue.map((entry) => entry.resource).filter((resource) => !byResource.has(resource)), "add these to an area's `resources`").toEqual([]);
    for (const area of areas) {
      const granted = [...(area.grants?.practiceAdministrator ?? []), ...[...(area.grants?.scheduler ?? []), ...(area.grants?.callCenterAgent ?? [])].map(([resource]) => resource)];
      expect(granted.filter((resource) => !area.resources?.includes(resource)), area.name).toEqual([]);
    }
  });

  it('each kind of System log entry the code writes is shown by exactly one area (else only instance administrators would see it)', () => {
    expect(listedTwice(owners((area) => Object.keys(area.audit ?? {})))).toEqual([]);
    const written = new Set<string>(accessRecordKinds);
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) for (const [, kind] of readFileSync(file, 'utf8').matchAll(/resourceType: '(\w+)'/g)) written.add(kind!);
      }
    };
    walk(here);
    expect(written.size).toBeGreaterThanOrEqual(30);
    const known = auditRecordGrants();
    expect([...written].filter((kind) => !(kind in known)).sort(), "add these to an area's `audit`").toEqual([]);
  });

  it('each taggable kind, "Recently deleted" type and searchable type is one area\'s, and the palette order has no ties', () => {
    expect(listedTwice(owners((area) => Object.keys(area.taggable ?? {})))).toEqual([]);
    expect(listedTwice(owners((area) => (area.deleted ?? []).map((d) => d.resourceType)))).toEqual([]);
    expect(listedTwice(owners((area) => (area.search?.providers ?? []).map((p) => p.type)))).toEqual([]);
    expect(listedTwice(owners((area) => (area.search ? [String(area.search.order)] : [])))).toEqual([]);
  });

  it('each seed step has its own marker and its own place in the order', () => {
    expect(listedTwice(owners((area) => (area.seed ?? []).map((step) => step.key)))).toEqual([]);
    expect(listedTwice(owners((area) => (area.seed ?? []).map((step) => String(step.order))))).toEqual([]);
  });

  describe('tables', () => {
    const migrated = migratedDatabase();

    it('each account-scoped table of the migrated schema holds the records of exactly one area (or is listed as shared machinery)', async () => {
      const tables = (await migrated.db().pool.query<{ name: string }>(scopedTables)).rows.map((row) => row.name);
      expect(tables.length).toBeGreaterThanOrEqual(30);
      const byTable = owners((area) => (area.tables ?? []).map((table) => getTableName(table)));
      expect(listedTwice(byTable)).toEqual([]);
      expect(tables.filter((name) => !byTable.has(name) && !(name in infrastructure)), "add these to an area's `tables`").toEqual([]);
      expect(Object.keys(infrastructure).filter((name) => byTable.has(name) || !tables.includes(name)), 'take these off `infrastructure`').toEqual([]);
    });
  });
});
