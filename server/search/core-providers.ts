import { and, desc, eq, sql } from 'drizzle-orm';
import type { SearchHit } from '../../domain/search.ts';
import type { Db } from '../db/client.ts';
import { roles } from '../db/schema/index.ts';
import { containsPattern } from './like.ts';
import type { SearchProvider } from './registry.ts';

/** Trigram threshold for "close enough" (pg_trgm's default word similarity is 0.6: too strict for typos). */
export const SIMILARITY = 0.3;

const roleHit = (row: { id: string; name: string; score: number }): SearchHit => ({
  type: 'role',
  id: row.id,
  title: row.name,
  matched: row.name,
  path: `/system/roles/${row.id}`,
  score: row.score,
});

/** Roles of the account, by name. */
export const roleSearch: SearchProvider = {
  type: 'role',
  label: 'Roles',
  resource: '/permissions/roles',
  async search(db: Db, accountId: string, q: string, limit: number) {
    const score = sql<number>`greatest(word_similarity(${q}, ${roles.name}), similarity(${q}, ${roles.name}))`;
    const rows = await db
      .select({ id: roles.id, name: roles.name, score })
      .from(roles)
      .where(and(eq(roles.accountId, accountId), sql`(${roles.name} ilike ${containsPattern(q)} or word_similarity(${q}, ${roles.name}) > ${SIMILARITY})`))
      .orderBy(desc(score), roles.name)
      .limit(limit);
    return rows.map(roleHit);
  },
  async byId(db, accountId, id) {
    const [row] = await db.select({ id: roles.id, name: roles.name }).from(roles).where(and(eq(roles.accountId, accountId), eq(roles.id, id)));
    return row ? roleHit({ ...row, score: 1 }) : null;
  },
};
