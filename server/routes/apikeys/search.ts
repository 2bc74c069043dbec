import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { SearchHit } from '../../../domain/search.ts';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/index.ts';
import { SIMILARITY } from '../../search/core-providers.ts';
import { containsPattern } from '../../search/like.ts';
import type { SearchProvider } from '../../search/registry.ts';

type HitRow = { id: string; name: string; active: boolean; score: number };

const apiKeyHit = (row: HitRow): SearchHit => ({
  type: 'apikey',
  id: row.id,
  title: row.name,
  subtitle: row.active ? 'Active' : 'Inactive',
  matched: row.name,
  path: `/system/apikeys/${row.id}`,
  score: row.score,
});

/** The account's API keys by name (typo-tolerant); an account has a handful. */
export const apiKeySearch: SearchProvider = {
  type: 'apikey',
  label: 'API Keys',
  resource: '/permissions/apikeys',
  async search(db: Db, accountId: string, q: string, limit: number) {
    const nameScore = sql<number>`greatest(word_similarity(${q}, ${apiKeys.name}), similarity(${q}, ${apiKeys.name}))`;
    const score = sql<number>`case when ${apiKeys.name} ilike ${containsPattern(q)} then 1 else ${nameScore} end`;
    const rows = await db
      .select({ id: apiKeys.id, name: apiKeys.name, active: apiKeys.active, score })
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, accountId), or(ilike(apiKeys.name, containsPattern(q)), sql`${nameScore} > ${SIMILARITY}`)))
      .orderBy(desc(score), asc(apiKeys.name), asc(apiKeys.id))
      .limit(limit);
    return rows.map(apiKeyHit);
  },
  async byId(db, accountId, id) {
    const [row] = await db.select({ id: apiKeys.id, name: apiKeys.name, active: apiKeys.active }).from(apiKeys).where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id)));
    return row ? apiKeyHit({ ...row, score: 1 }) : null;
  },
};
