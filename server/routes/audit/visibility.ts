import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { isAllowed, type HttpMethod, type Resource, type ResourceGrants } from '../../../domain/permissions.ts';
import { fromAreas } from '../../area.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { AppEnv } from '../../env.ts';

type Grant = { resource: Resource; method: HttpMethod };

/**
 * What reading the record of a log entry needs (every grant listed), by the entry's `resourceType`
 * (ARCHITECTURE: what is derived from a record is shown only to a caller who may read the record
 * itself): each area's `audit` (server/routes/<area>/area.ts). The one place that says it: the
 * list, a single entry, the home's "recent" and the facets all filter by it in SQL, so paging and
 * facets count only what the caller may see. A kind no area lists is shown to instance
 * administrators alone (closed by default); server/areas.test.ts fails for a kind the code writes
 * that no area lists.
 */
export const auditRecordGrants = fromAreas((areas): Readonly<Record<string, Grant | readonly Grant[]>> => Object.assign({}, ...areas.map((area) => area.audit ?? {})));

/** Whether a role with these grants may read the records of log entries of this kind (a kind not listed: no). */
export function readsKind(grants: ResourceGrants | undefined, kind: string): boolean {
  const needs = auditRecordGrants()[kind];
  return needs !== undefined && [needs].flat().every(({ resource, method }) => isAllowed(grants, resource, method));
}

/** The kinds of log entry the caller may see; `null` for every kind (instance administrators). */
export function visibleKinds(c: Context<AppEnv>): string[] | null {
  if (c.var.caller.instanceAdmin) return null;
  const grants = c.var.account.role?.resources;
  return Object.keys(auditRecordGrants()).filter((kind) => readsKind(grants, kind));
}

/**
 * The SQL condition on `audit_log` rows the caller may see (undefined: every row). A tag's entry
 * names the record it tags in its snapshot: shown only when that kind is readable too.
 */
export function visibleEntries(kinds: string[] | null): SQL | undefined {
  if (kinds === null) return undefined;
  const plain = kinds.filter((kind) => kind !== 'Tag');
  if (plain.length === 0) return sql`false`;
  const tagged = sql<string>`coalesce(${auditLog.after}, ${auditLog.before}) ->> 'taggedResourceType'`;
  const ofPlain = inArray(auditLog.resourceType, plain);
  return kinds.includes('Tag') ? or(ofPlain, and(eq(auditLog.resourceType, 'Tag'), inArray(tagged, plain))) : ofPlain;
}
