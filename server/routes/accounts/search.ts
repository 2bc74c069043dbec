import { asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { SearchHit } from '../../../domain/search.ts';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/index.ts';
import { SIMILARITY } from '../../search/core-providers.ts';
import { containsPattern } from '../../search/like.ts';
import type { SearchProvider } from '../../search/registry.ts';

type HitRow = { id: string; name: string; abbreviation: string | null; active: boolean; domain: string | null; score: number };

/** The hit: the account's name (abbreviation and "inactive" below it); `matched` is the domain when the query named a domain and not the name. */
function accountHit(row: HitRow): SearchHit {
  const subtitle = [row.abbreviation, row.active ? null : 'inactive'].filter(Boolean).join(' · ');
  return {
    type: 'account',
    id: row.id,
    title: row.name,
    ...(subtitle ? { subtitle } : {}),
    matched: row.domain ?? row.name,
    path: `/account/${row.id}`,
    score: row.score,
  };
}

/**
 * Every account of the instance (active or not) by name (typo-tolerant) or by one of its domain
 * names: the administration list's records, so only for an instance administrator (`instanceAdminOnly`),
 * whichever account the request acts in. An instance has tens of accounts, not thousands.
 */
export const accountSearch: SearchProvider = {
  type: 'account',
  label: 'Accounts',
  resource: '/accounts/account',
  instanceAdminOnly: true,
  async search(db: Db, _accountId: string, q: string, limit: number) {
    const pattern = containsPattern(q);
    const nameScore = sql<number>`greatest(word_similarity(${q}, ${accounts.name}), similarity(${q}, ${accounts.name}))`;
    // The first domain name containing the query, when the name does not.
    const domain = sql<string | null>`case when ${accounts.name} ilike ${pattern} then null else (select d from unnest(${accounts.domainNames}) as d where d ilike ${pattern} limit 1) end`;
    const byDomain = sql`exists (select 1 from unnest(${accounts.domainNames}) as d where d ilike ${pattern})`;
    const score = sql<number>`case when ${accounts.name} ilike ${pattern} or ${byDomain} then 1 else ${nameScore} end`;
    const rows = await db
      .select({ id: accounts.id, name: accounts.name, abbreviation: accounts.abbreviation, active: accounts.active, domain, score })
      .from(accounts)
      .where(or(ilike(accounts.name, pattern), byDomain, sql`${nameScore} > ${SIMILARITY}`))
      .orderBy(desc(score), asc(accounts.name), asc(accounts.id))
      .limit(limit);
    return rows.map(accountHit);
  },
  async byId(db, _accountId, id) {
    const [row] = await db
      .select({ id: accounts.id, name: accounts.name, abbreviation: accounts.abbreviation, active: accounts.active })
      .from(accounts)
      .where(eq(accounts.id, id));
    return row ? accountHit({ ...row, domain: null, score: 1 }) : null;
  },
};
