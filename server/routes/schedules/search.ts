import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { SearchHit } from '../../../domain/search.ts';
import type { Db } from '../../db/client.ts';
import { schedules } from '../../db/schema/index.ts';
import { SIMILARITY } from '../../search/core-providers.ts';
import { containsPattern } from '../../search/like.ts';
import type { SearchProvider } from '../../search/registry.ts';

const scheduleHit = (row: { id: string; name: string; description: string | null; score: number }): SearchHit => ({
  type: 'schedule',
  id: row.id,
  title: row.name,
  ...(row.description ? { subtitle: row.description } : {}),
  matched: row.name,
  path: `/practice/schedules/${row.id}`,
  score: row.score,
});

/** The account's live schedules, by name (typo-tolerant); a few per account, so no index is needed. */
export const scheduleSearch: SearchProvider = {
  type: 'schedule',
  label: 'Schedules',
  resource: '/schedule/schedule',
  async search(db: Db, accountId: string, q: string, limit: number) {
    const score = sql<number>`greatest(word_similarity(${q}, ${schedules.name}), similarity(${q}, ${schedules.name}))`;
    const rows = await db
      .select({ id: schedules.id, name: schedules.name, description: schedules.description, score })
      .from(schedules)
      .where(
        and(
          eq(schedules.accountId, accountId),
          isNull(schedules.deletedAt),
          sql`(${schedules.name} ilike ${containsPattern(q)} or word_similarity(${q}, ${schedules.name}) > ${SIMILARITY})`,
        ),
      )
      .orderBy(desc(score), schedules.name)
      .limit(limit);
    return rows.map(scheduleHit);
  },
  async byId(db, accountId, id) {
    const [row] = await db
      .select({ id: schedules.id, name: schedules.name, description: schedules.description })
      .from(schedules)
      .where(and(eq(schedules.accountId, accountId), eq(schedules.id, id), isNull(schedules.deletedAt)));
    return row ? scheduleHit({ ...row, score: 1 }) : null;
  },
};
