import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Resource } from '../domain/permissions.ts';
import type { TagFilter, TaggedResourceType } from '../domain/tags.ts';
import type { Db, Tx } from './db/client.ts';
import { tags } from './db/schema/index.ts';
import { fromAreas } from './area.ts';
import { live } from './soft-delete.ts';

/**
 * What tags need to know of each kind of record they can be put on: its table and columns (to
 * check a tagged record exists in the account, and to name it), the catalogue resource that
 * reads it (the palette shows a tagged record only to roles that may read it), and its page.
 */
export type Taggable = {
  table: PgTable;
  id: PgColumn;
  accountId: PgColumn;
  name: PgColumn;
  /** Set for soft-deleted records: a deleted record cannot be tagged and is not found by its tags. */
  deletedAt?: PgColumn;
  resource: Resource;
  /** The record's screen in the SPA. */
  path(id: string): string;
  /** Group label of the palette ("Practitioners"). */
  label: string;
};

/**
 * The kinds of record tags go on, by `taggedResourceType`: each area's `taggable`
 * (server/routes/<area>/area.ts). A type no area lists cannot be tagged yet (a create answers that
 * the record does not exist).
 */
export const taggables = fromAreas((areas): Partial<Record<TaggedResourceType, Taggable>> => Object.assign({}, ...areas.map((area) => area.taggable ?? {})));

type Reader = Db | Tx;

/** Whether the record (of this type, in this account, not deleted) exists. */
export async function taggableExists(db: Reader, accountId: string, type: TaggedResourceType, id: string): Promise<boolean> {
  const t = taggables()[type];
  if (!t) return false;
  const rows = await db
    .select({ one: sql`1` })
    .from(t.table)
    .where(and(eq(t.accountId, accountId), eq(t.id, id), t.deletedAt ? sql`${t.deletedAt} is null` : undefined))
    .limit(1);
  return rows.length > 0;
}

/** The tag's key (and value) as the lookups compare them: lower-cased, like the indexes. */
function tagMatch(filter: TagFilter): SQL {
  return and(
    sql`lower(${tags.key}) = lower(${filter.key})`,
    filter.value === undefined ? undefined : sql`lower(${tags.value}) = lower(${filter.value})`,
  )!;
}

/**
 * A list's "tagged with" filter: the row (whose id is `idColumn`, in the account) has a live tag
 * with this key, and this value when one is given, any case. One probe of the tags' (account, type,
 * record) index per row:
 *
 *   where(and(eq(practitioners.accountId, accountId), taggedWith('Practitioner', practitioners.personId, accountId, { key: 'language' })))
 */
export function taggedWith(type: TaggedResourceType, idColumn: AnyColumn, accountId: string, filter: TagFilter): SQL {
  return sql`exists (select 1 from ${tags} where ${and(
    eq(tags.accountId, accountId),
    eq(tags.taggedResourceType, type),
    sql`${tags.taggedResourceId} = ${idColumn}`,
    tagMatch(filter),
    live(tags),
  )})`;
}

/** Whether the caller may read records guarded by `resource` (the palette and `/tag` show only such records' tags). */
export type MayRead = (resource: Resource) => boolean;

/**
 * The tag's record still exists, live (hard-deleted records leave their tags behind until
 * removed; soft-deleted ones keep them, hidden, for a restore), and is of a kind the caller may read.
 */
export function tagRecordExists(accountId: string, mayRead: MayRead = () => true): SQL {
  const branches = Object.entries(taggables()).filter(([, t]) => mayRead(t.resource)).map(([type, t]) =>
    and(
      eq(tags.taggedResourceType, type as TaggedResourceType),
      sql`exists (select 1 from ${t.table} where ${and(eq(t.accountId, accountId), sql`${t.id} = ${tags.taggedResourceId}`, t.deletedAt ? sql`${t.deletedAt} is null` : undefined)})`,
    ),
  );
  return branches.length > 0 ? sql`(${sql.join(branches, sql` or `)})` : sql`false`;
}

/** The name of the tagged record of the `tags` row in scope (null when it is gone). */
export function taggedRecordName(): SQL<string | null> {
  const branches = Object.entries(taggables()).map(
    ([type, t]) => sql`when ${type} then (select ${t.name} from ${t.table} where ${and(eq(t.accountId, tags.accountId), sql`${t.id} = ${tags.taggedResourceId}`)})`,
  );
  return sql<string | null>`(case ${tags.taggedResourceType} ${sql.join(branches, sql` `)} end)`;
}

/** Removes a record's tags (for a record deleted for good; a soft delete keeps them for its restore). */
export async function removeTagsOf(tx: Tx, accountId: string, type: TaggedResourceType, id: string) {
  await tx.delete(tags).where(and(eq(tags.accountId, accountId), eq(tags.taggedResourceType, type), eq(tags.taggedResourceId, id)));
}

export { tagMatch };
