import { and, asc, desc, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SearchHit } from '../../domain/search.ts';
import type { Db } from '../db/client.ts';
import { insurances, issues } from '../db/schema/index.ts';
import { SIMILARITY } from './core-providers.ts';
import { containsPattern } from './like.ts';
import type { SearchProvider } from './registry.ts';

/**
 * The account's catalogues (issues, insurances) are tens of rows, not thousands: a containment or
 * word-similarity match over the account's rows is enough, and typo-tolerant like the others.
 */
const matches = (column: AnyColumn, q: string): { where: SQL; score: SQL<number> } => ({
  where: sql`(${column} ilike ${containsPattern(q)} or word_similarity(${q}, ${column}) > ${SIMILARITY})`,
  score: sql<number>`greatest(word_similarity(${q}, ${column}), similarity(${q}, ${column}))`,
});

const issueHit = (row: { id: string; name: string; category: string | null; urgent: boolean; score: number }): SearchHit => {
  const subtitle = [row.urgent ? 'Urgent' : null, row.category].filter(Boolean).join(' · ');
  return { type: 'issue', id: row.id, title: row.name, ...(subtitle ? { subtitle } : {}), matched: row.name, path: `/practice/issues/${row.id}`, score: row.score };
};

/** Issues of the account (not deleted), by name. */
export const issueSearch: SearchProvider = {
  type: 'issue',
  label: 'Issues',
  resource: '/issues',
  async search(db: Db, accountId: string, q: string, limit: number) {
    const { where, score } = matches(issues.name, q);
    const rows = await db
      .select({ id: issues.id, name: issues.name, category: issues.category, urgent: issues.urgent, score })
      .from(issues)
      .where(and(eq(issues.accountId, accountId), isNull(issues.deletedAt), where))
      .orderBy(desc(score), asc(issues.name), asc(issues.id))
      .limit(limit);
    return rows.map(issueHit);
  },
  async byId(db, accountId, id) {
    const [row] = await db
      .select({ id: issues.id, name: issues.name, category: issues.category, urgent: issues.urgent })
      .from(issues)
      .where(and(eq(issues.accountId, accountId), eq(issues.id, id), isNull(issues.deletedAt)));
    return row ? issueHit({ ...row, score: 1 }) : null;
  },
};

const insuranceHit = (row: { id: string; name: string; planPrefix: string[]; score: number }, matched = row.name): SearchHit => ({
  type: 'insurance',
  id: row.id,
  title: row.name,
  ...(row.planPrefix.length > 0 ? { subtitle: `Prefixes ${row.planPrefix.join(', ')}` } : {}),
  matched,
  path: `/practice/insurances/${row.id}`,
  score: row.score,
});

/** Insurances of the account (not deleted), by plan name, or exactly by one of their plan prefixes. */
export const insuranceSearch: SearchProvider = {
  type: 'insurance',
  label: 'Insurances',
  resource: '/insurances',
  async search(db: Db, accountId: string, q: string, limit: number) {
    const { where, score } = matches(insurances.insurancePlanName, q);
    const prefix = sql`upper(${q}) = any(${insurances.planPrefix})`;
    const rows = await db
      .select({ id: insurances.id, name: insurances.insurancePlanName, planPrefix: insurances.planPrefix, byPrefix: sql<boolean>`${prefix}`, score })
      .from(insurances)
      .where(and(eq(insurances.accountId, accountId), isNull(insurances.deletedAt), sql`(${where} or ${prefix})`))
      .orderBy(desc(prefix), desc(score), asc(insurances.insurancePlanName), asc(insurances.id))
      .limit(limit);
    return rows.map((row) => (row.byPrefix ? insuranceHit({ ...row, score: 1 }, q.toUpperCase()) : insuranceHit(row)));
  },
  async byId(db, accountId, id) {
    const [row] = await db
      .select({ id: insurances.id, name: insurances.insurancePlanName, planPrefix: insurances.planPrefix })
      .from(insurances)
      .where(and(eq(insurances.accountId, accountId), eq(insurances.id, id), isNull(insurances.deletedAt)));
    return row ? insuranceHit({ ...row, score: 1 }) : null;
  },
};

/** The catalogues' searchable types, in palette order. */
export const catalogueSearchProviders: SearchProvider[] = [issueSearch, insuranceSearch];
