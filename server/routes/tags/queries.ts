import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Tag, TaggedResourceType, TagList } from '../../../domain/tags.ts';
import type { Db, Tx } from '../../db/client.ts';
import { tags } from '../../db/schema/index.ts';
import { live, restorable } from '../../soft-delete.ts';
import { tagMatch, tagRecordExists, type MayRead } from '../../tagged.ts';
import { presentCommon } from '../../list-queries.ts';

type Reader = Db | Tx;
export type TagRow = typeof tags.$inferSelect;

export function presentTag(row: TagRow): Tag {
  return {
    resourceType: 'Tag',
    id: row.id,
    ...presentCommon(row),
    key: row.key,
    value: row.value,
    taggedResourceType: row.taggedResourceType,
    taggedResourceId: row.taggedResourceId,
  };
}

/** What the audit log keeps of a tag: the tag, and a title for the home page's recent changes. */
export const auditedTag = (row: TagRow) => ({ ...presentTag(row), title: `${row.key}: ${row.value}` });

/**
 * The tag, always inside the request's account (another account's is "not found"), on a live
 * record of a kind the caller may read (a deleted record's tags wait, unseen, for its restore).
 */
export async function findTag(db: Reader, accountId: string, id: string, mayRead: MayRead, forUpdate = false) {
  const q = db.select().from(tags).where(and(eq(tags.accountId, accountId), eq(tags.id, id), live(tags), tagRecordExists(accountId, mayRead)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** A tag deleted within the restore window, on a live record the caller may read (what a restore may bring back). */
export async function findDeletedTag(db: Reader, accountId: string, id: string, mayRead: MayRead) {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.accountId, accountId), eq(tags.id, id), restorable(tags), tagRecordExists(accountId, mayRead)))
    .for('update');
  return row ?? null;
}

/** The record's live tag with this key and value (any case), other than `except`. */
export async function sameTag(db: Reader, accountId: string, type: TaggedResourceType, resourceId: string, key: string, value: string, except?: string) {
  const [row] = await db
    .select({ id: tags.id, key: tags.key, value: tags.value })
    .from(tags)
    .where(
      and(
        eq(tags.accountId, accountId),
        eq(tags.taggedResourceType, type),
        eq(tags.taggedResourceId, resourceId),
        tagMatch({ key, value }),
        live(tags),
        except ? ne(tags.id, except) : undefined,
      ),
    );
  return row ?? null;
}

/** How many (live) tags the record has. */
export async function tagCount(db: Reader, accountId: string, type: TaggedResourceType, resourceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tags)
    .where(and(eq(tags.accountId, accountId), eq(tags.taggedResourceType, type), eq(tags.taggedResourceId, resourceId), live(tags)));
  return row?.n ?? 0;
}

export type TagListQuery = {
  taggedResourceType?: TaggedResourceType;
  taggedResourceId?: string;
  key?: string;
  value?: string;
  limit: number;
  offset: number;
};

/**
 * The account's tags: of one record (type and id), of one type, with a key (and value, any case),
 * or all, ordered by key, value and id. Deleted tags, and tags whose record is gone, are left out.
 */
export async function listTags(db: Db, accountId: string, query: TagListQuery, mayRead: MayRead): Promise<TagList> {
  const where = and(
    eq(tags.accountId, accountId),
    live(tags),
    query.taggedResourceType ? eq(tags.taggedResourceType, query.taggedResourceType) : undefined,
    query.taggedResourceId ? eq(tags.taggedResourceId, query.taggedResourceId) : undefined,
    query.key ? sql`lower(${tags.key}) = lower(${query.key})` : undefined,
    query.value ? sql`lower(${tags.value}) = lower(${query.value})` : undefined,
    tagRecordExists(accountId, mayRead),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(tags)
      .where(where)
      .orderBy(asc(sql`lower(${tags.key})`), asc(sql`lower(${tags.value})`), asc(tags.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(tags).where(where),
  ]);
  return { items: rows.map(presentTag), total: total?.n ?? 0, limit: query.limit, offset: query.offset };
}
