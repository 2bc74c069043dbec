import { and, asc, count, desc, eq, gte, ilike, like, lte, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { SortOrder } from '../domain/lists.ts';
import { listOffset, type ListQuery } from '../domain/list-query.ts';
import type { Db, Tx } from './db/client.ts';
import { containsPattern } from './search/like.ts';
import { live, restorable } from './soft-delete.ts';

/**
 * What the areas' `queries.ts` share for reading records (CONVENTIONS "Shared pieces live by what
 * they are"): a soft-deletable record of the account by id, and a page of a list.
 */

type Reader = Db | Tx;

/** A table of the account's soft-deletable records keyed by `id`. */
type AccountTable = PgTable & { id: PgColumn; accountId: PgColumn; deletedAt: PgColumn; deletedBy: PgColumn };

/** The record, always inside the request's account and not deleted (another account's, or a deleted one, is "not found"). */
export async function liveRecord<T extends AccountTable>(db: Reader, table: T, accountId: string, id: string, forUpdate = false): Promise<T['$inferSelect'] | null> {
  const q = db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.accountId, accountId), eq(table.id, id), live(table)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return (row as T['$inferSelect'] | undefined) ?? null;
}

/** A deleted record of the account that may still be restored (within the restore window), locked for the restore. */
export async function restorableRecord<T extends AccountTable>(db: Reader, table: T, accountId: string, id: string): Promise<T['$inferSelect'] | null> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.accountId, accountId), eq(table.id, id), restorable(table)))
    .for('update');
  return (row as T['$inferSelect'] | undefined) ?? null;
}

/** ORDER BY the sort's columns (the last ones break ties) in the list's order. */
export const ordered = (columns: (AnyColumn | SQL)[], order: SortOrder) => columns.map((c) => (order === 'asc' ? asc(c) : desc(c)));

/** A list filter that is a whole record id (any case) matches that record. */
export const isId = (q: string, id: AnyColumn) => (/^[0-9a-f-]{36}$/i.test(q) ? eq(id, q.toLowerCase()) : undefined);

const uuidLow = '00000000-0000-0000-0000-000000000000';
const uuidHigh = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/**
 * When `q` could be the start of an id ("3f2a", "3f2a9c1e-77"), the id range it covers: an index
 * range on the uuid instead of casting every id to text.
 */
export function idPrefixRange(q: string): [string, string] | null {
  const s = q.toLowerCase();
  if (s.length === 0 || s.length > 36) return null;
  for (let i = 0; i < s.length; i++) {
    const dash = uuidLow[i] === '-';
    if (dash ? s[i] !== '-' : !/[0-9a-f]/.test(s[i]!)) return null;
  }
  return [s + uuidLow.slice(s.length), s + uuidHigh.slice(s.length)];
}

/**
 * The filter of a list: the name (and other texts) containing `q`, any case; or, when `q` could
 * start an id, the ids it starts. A `q` with a digit or a dash is taken as an id only: no name
 * has those, and an OR with the name would turn an id lookup into a scan of every name.
 * (The lists of persons, users and practitioners, whose records share the person's id.)
 */
export function textOrId(q: string | undefined, id: AnyColumn, texts: AnyColumn[], lowerCased?: AnyColumn): SQL | undefined {
  if (!q) return undefined;
  const range = idPrefixRange(q);
  const byId = range ? and(gte(id, range[0]), lte(id, range[1])) : undefined;
  if (byId && /[\d-]/.test(q)) return byId;
  const pattern = containsPattern(q);
  const byText = lowerCased ? [like(lowerCased, containsPattern(q.toLowerCase()))] : texts.map((t) => ilike(t, pattern));
  return or(...byText, byId);
}

/**
 * A page of a list: `rows` (a `.$dynamic()` select of the list's columns from `table`) filtered by
 * `where`, sorted by `sort`, cut to the query's page; and how many rows match in all.
 */
export async function listPage<S extends PgSelect>(db: Db, table: PgTable, rows: S, where: SQL | undefined, sort: (AnyColumn | SQL)[], query: ListQuery) {
  const offset = listOffset(query);
  const [items, [total]] = await Promise.all([
    rows
      .where(where)
      .orderBy(...ordered(sort, query.order))
      .limit(query.limit)
      .offset(offset),
    db.select({ n: count() }).from(table).where(where),
  ]);
  return { items: items as Awaited<S>, total: total?.n ?? 0, limit: query.limit, offset };
}

/** The columns every account record has (schema.ts `common`). */
type CommonColumns = { accountId: string; createdTimestamp: Date; modifiedTimestamp: Date; createdBy: string; modifiedBy: string; version: number };

/** A record's answer fields from its `common` columns (domain `CommonFields` but the id, which some tables name otherwise). */
export const presentCommon = (row: CommonColumns) => ({
  accountId: row.accountId,
  createdTimestamp: row.createdTimestamp.toISOString(),
  modifiedTimestamp: row.modifiedTimestamp.toISOString(),
  createdBy: row.createdBy,
  modifiedBy: row.modifiedBy,
  version: row.version,
});
