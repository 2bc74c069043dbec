import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { formatTag, taggedResourceTypes, tagLimits } from '../../../domain/tags.ts';
import type { SearchHit } from '../../../domain/search.ts';
import type { Db } from '../../db/client.ts';
import { tags } from '../../db/schema/index.ts';
import { prefixPattern } from '../../search/like.ts';
import type { SearchProvider } from '../../search/registry.ts';
import { live } from '../../soft-delete.ts';
import { taggables } from '../../tagged.ts';

/**
 * What a palette query asks of tags: `key:value` (a value starting with what follows the colon,
 * any value when nothing does), or a bare word that is a tag's key or starts its value (or a
 * word of it): "spanish" finds the records tagged `language: Spanish`.
 */
function tagQuery(q: string): SQL | null {
  const at = q.indexOf(':');
  if (at >= 0) {
    const key = q.slice(0, at).trim().toLowerCase();
    const value = q.slice(at + 1).trim().toLowerCase();
    if (key === '' || key.length > tagLimits.key) return null;
    return and(sql`lower(${tags.key}) = ${key}`, value ? sql`lower(${tags.value}) like ${prefixPattern(value)}` : undefined)!;
  }
  const word = q.trim().toLowerCase();
  if (word === '') return null;
  return or(
    sql`lower(${tags.key}) = ${word}`,
    sql`lower(${tags.value}) like ${prefixPattern(word)}`,
    sql`lower(${tags.value}) like ${`% ${prefixPattern(word)}`}`,
  )!;
}

/**
 * The palette finds records by their (live) tags: each hit is a tagged record (title its name, subtitle
 * the tag), of the kinds `taggables` knows and the caller's role may read, once per record.
 */
export const tagSearch: SearchProvider = {
  type: 'tag',
  label: 'Tagged',
  resource: '/tag',
  async search(db: Db, accountId: string, q: string, limit: number, mayRead = () => true) {
    const match = tagQuery(q);
    if (!match) return [];
    const exact = q.includes(':') ? null : q.trim().toLowerCase();
    const perType = await Promise.all(
      taggedResourceTypes.map(async (type) => {
        const t = taggables()[type];
        if (!t || !mayRead(t.resource)) return [];
        const rows = await db
          .selectDistinctOn([t.id], { id: sql<string>`${t.id}`, name: sql<string>`${t.name}`, key: tags.key, value: tags.value })
          .from(tags)
          .innerJoin(t.table, and(eq(t.accountId, accountId), sql`${t.id} = ${tags.taggedResourceId}`, t.deletedAt ? sql`${t.deletedAt} is null` : undefined))
          .where(and(eq(tags.accountId, accountId), eq(tags.taggedResourceType, type), match, live(tags)))
          .orderBy(t.id, asc(sql`lower(${tags.key})`), asc(sql`lower(${tags.value})`))
          .limit(limit);
        return rows.map(
          (row): SearchHit => ({
            type: 'tag',
            id: `${type}:${row.id}`,
            title: row.name,
            subtitle: formatTag(row),
            matched: formatTag(row),
            path: t.path(row.id),
            // A tag whose value is the whole query beats one that only starts with it.
            score: exact !== null && row.value.toLowerCase() === exact ? 1 : 0.8,
          }),
        );
      }),
    );
    return perType
      .flat()
      .sort((a, b) => b.score - a.score || a.title.localeCompare(b.title))
      .slice(0, limit);
  },
};
