import { and, asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { conflict } from '../../errors.ts';
import { sameTagText, tagTaken, type RecordTag, type TaggedResourceType } from '../../../domain/tags.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { WriteScope } from '../../db/write.ts';
import { tags } from '../../db/schema/index.ts';
import { touched } from '../../records.ts';
import { auditedTag } from './queries.ts';
import { deletedBy, live } from '../../soft-delete.ts';

/**
 * A record's `tags` (spec §3 Team and Insurance, issue 44): the view on the record of its `/tag`
 * records, which stay the one store of them. Read in the record's own query (`tagsOf`, one probe of
 * the tags' (account, type, record) index per row, so a list reads its page's tags in the same
 * statement), and written by the record's create and PATCH (`replaceTags`) as `/tag` writes them:
 * each added tag a Tag create, each removed one a Tag delete (restorable), in the change log.
 */

type Reader = Db | Tx;

const tagOrder = [asc(sql`lower(${tags.key})`), asc(sql`lower(${tags.value})`), asc(tags.id)];

/** The live tags of the row in scope (whose id is `idColumn`, in the account of `accountIdColumn`), by key, value and id. */
export function tagsOf(type: TaggedResourceType, idColumn: AnyColumn, accountIdColumn: AnyColumn): SQL<RecordTag[]> {
  return sql<RecordTag[]>`coalesce((select json_agg(json_build_object('id', ${tags.id}, 'key', ${tags.key}, 'value', ${tags.value}) order by lower(${tags.key}), lower(${tags.value}), ${tags.id}) from ${tags} where ${and(
    sql`${tags.accountId} = ${accountIdColumn}`,
    eq(tags.taggedResourceType, type),
    sql`${tags.taggedResourceId} = ${idColumn}`,
    live(tags),
  )}), '[]'::json)`;
}

/** The record's live tags, by key, value and id. */
export async function readTags(db: Reader, accountId: string, type: TaggedResourceType, id: string): Promise<RecordTag[]> {
  return db
    .select({ id: tags.id, key: tags.key, value: tags.value })
    .from(tags)
    .where(and(eq(tags.accountId, accountId), eq(tags.taggedResourceType, type), eq(tags.taggedResourceId, id), live(tags)))
    .orderBy(...tagOrder);
}

/** A set of tags as `repeats` compares them: lower-cased and sorted, whatever their order or case. */
export const tagSet = (list: readonly { key: string; value: string }[]) =>
  list.map((tag) => `${tag.key.toLowerCase()}\u0000${tag.value.toLowerCase()}`).sort();

/**
 * Makes the record's tags these (a create's or PATCH's `tags`): the tags not among them are removed
 * as `DELETE /tag/{id}` removes them, the new ones added as `POST /tag` adds them, each in the
 * change log; the tags kept keep their id. The record is already read and locked by the write.
 * Whether anything changed.
 */
export async function replaceTags(
  { tx, audit, accountId, actorName }: Pick<WriteScope, 'tx' | 'audit' | 'accountId' | 'actorName'>,
  type: TaggedResourceType,
  id: string,
  wanted: readonly { key: string; value: string }[],
): Promise<boolean> {
  const current = await tx
    .select()
    .from(tags)
    .where(and(eq(tags.accountId, accountId), eq(tags.taggedResourceType, type), eq(tags.taggedResourceId, id), live(tags)))
    .orderBy(...tagOrder)
    .for('update');
  const removed = current.filter((tag) => !wanted.some((w) => sameTagText(tag, w)));
  const added = wanted.filter((w) => !current.some((tag) => sameTagText(tag, w)));
  for (const tag of removed) {
    await tx
      .update(tags)
      .set({ ...deletedBy(actorName), ...touched(actorName, tags.version) })
      .where(and(eq(tags.accountId, accountId), eq(tags.id, tag.id)));
    await audit({ action: 'delete', resourceType: 'Tag', resourceId: tag.id, before: auditedTag(tag) });
  }
  for (const tag of added) {
    const [row] = await tx
      .insert(tags)
      .values({ key: tag.key, value: tag.value, taggedResourceType: type, taggedResourceId: id, accountId, createdBy: actorName, modifiedBy: actorName })
      .returning()
      .catch((error: unknown) => {
        // A `POST /tag` of the same tag on this record, committed since the read: as `/tag` answers it.
        const cause: unknown = error instanceof Error ? error.cause : undefined;
        if (cause instanceof Error && 'constraint' in cause && cause.constraint === 'tags_account_resource_key_value') throw conflict(tagTaken(tag));
        throw error;
      });
    await audit({ action: 'create', resourceType: 'Tag', resourceId: row!.id, after: auditedTag(row!) });
  }
  return removed.length + added.length > 0;
}
