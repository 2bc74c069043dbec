import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { SearchHit } from '../../../domain/search.ts';
import type { Db } from '../../db/client.ts';
import { campaigns } from '../../db/schema/index.ts';
import { SIMILARITY } from '../../search/core-providers.ts';
import { containsPattern } from '../../search/like.ts';
import type { SearchProvider } from '../../search/registry.ts';

const campaignHit = (row: { id: string; name: string; status: string; score: number }): SearchHit => ({
  type: 'campaign',
  id: row.id,
  title: row.name,
  subtitle: row.status === 'running' ? 'Running' : 'Ended',
  matched: row.name,
  path: `/campaigns/campaign/${row.id}`,
  score: row.score,
});

/** The account's campaigns by name (typo-tolerant); an account has a handful, read through `campaigns_account_name`. */
export const campaignSearch: SearchProvider = {
  type: 'campaign',
  label: 'Campaigns',
  resource: '/surveys/campaigns',
  async search(db: Db, accountId: string, q: string, limit: number) {
    const nameScore = sql<number>`greatest(word_similarity(${q}, ${campaigns.name}), similarity(${q}, ${campaigns.name}))`;
    const score = sql<number>`case when ${campaigns.name} ilike ${containsPattern(q)} then 1 else ${nameScore} end`;
    const rows = await db
      .select({ id: campaigns.id, name: campaigns.name, status: campaigns.status, score })
      .from(campaigns)
      .where(and(eq(campaigns.accountId, accountId), or(ilike(campaigns.name, containsPattern(q)), sql`${nameScore} > ${SIMILARITY}`)))
      .orderBy(desc(score), asc(campaigns.name), asc(campaigns.id))
      .limit(limit);
    return rows.map(campaignHit);
  },
  async byId(db, accountId, id) {
    const [row] = await db
      .select({ id: campaigns.id, name: campaigns.name, status: campaigns.status })
      .from(campaigns)
      .where(and(eq(campaigns.accountId, accountId), eq(campaigns.id, id)));
    return row ? campaignHit({ ...row, score: 1 }) : null;
  },
};
