import { live } from '../../soft-delete.ts';
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { addressSummary, type Address } from '../../../domain/locations.ts';
import type { SearchHit } from '../../../domain/search.ts';
import type { Db } from '../../db/client.ts';
import { locations } from '../../db/schema/index.ts';
import { SIMILARITY } from '../../search/core-providers.ts';
import { containsPattern } from '../../search/like.ts';
import type { SearchProvider } from '../../search/registry.ts';
import { cityContains } from './queries.ts';

type HitRow = { id: string; name: string; addresses: Address[]; score: number };

/** The hit: the location's name, its first address below it; `matched` is the city when the query named a city and not the name. */
function locationHit(row: HitRow, q?: string): SearchHit {
  const first = row.addresses[0];
  const lower = q?.toLowerCase();
  const city = lower && !row.name.toLowerCase().includes(lower) ? row.addresses.find((a) => a.city?.toLowerCase().includes(lower))?.city : undefined;
  const subtitle = first ? addressSummary(first) : '';
  return {
    type: 'location',
    id: row.id,
    title: row.name,
    ...(subtitle ? { subtitle } : {}),
    matched: city ?? row.name,
    path: `/practice/locations/${row.id}`,
    score: row.score,
  };
}

/**
 * Live locations of the account by name (typo-tolerant) or by the city of any address. A practice
 * has a handful of locations, so the account's live rows (index `locations_account_name`) are few.
 */
export const locationSearch: SearchProvider = {
  type: 'location',
  label: 'Locations',
  resource: '/locations/locations',
  async search(db: Db, accountId: string, q: string, limit: number) {
    const nameScore = sql<number>`greatest(word_similarity(${q}, ${locations.name}), similarity(${q}, ${locations.name}))`;
    const byCity = cityContains(q);
    const score = sql<number>`case when ${locations.name} ilike ${containsPattern(q)} or ${byCity} then 1 else ${nameScore} end`;
    const rows = await db
      .select({ id: locations.id, name: locations.name, addresses: locations.addresses, score })
      .from(locations)
      .where(and(eq(locations.accountId, accountId), live(locations), or(ilike(locations.name, containsPattern(q)), byCity, sql`${nameScore} > ${SIMILARITY}`)))
      .orderBy(desc(score), asc(locations.name), asc(locations.id))
      .limit(limit);
    return rows.map((row) => locationHit(row, q));
  },
  async byId(db, accountId, id) {
    const [row] = await db
      .select({ id: locations.id, name: locations.name, addresses: locations.addresses })
      .from(locations)
      .where(and(eq(locations.accountId, accountId), eq(locations.id, id), live(locations)));
    return row ? locationHit({ ...row, score: 1 }) : null;
  },
};
