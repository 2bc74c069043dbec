import { and, asc, desc, eq, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SearchHit } from '../../domain/search.ts';
import type { Db } from '../db/client.ts';
import { persons, practitioners, users } from '../db/schema/index.ts';
import { containsPattern, prefixPattern } from './like.ts';
import type { SearchProvider } from './registry.ts';

/**
 * Typo-tolerant match of `q` against one text column, every branch served by the column's
 * trigram GIN index: the text contains q; or is similar to it as a whole (`%`, pg_trgm's
 * similarity ≥ 0.3, so "Marai Lopes" finds "Maria Lopez"); or contains a word similar to it
 * (`<%`, word similarity ≥ 0.6, so "Lopes" finds "Maria Lopez").
 */
function fuzzy(column: AnyColumn, q: string): { where: SQL; close: SQL; score: SQL<number> } {
  const close = or(ilike(column, containsPattern(q)), sql`${q} <% ${column}`)!;
  return {
    where: or(close, sql`${column} % ${q}`)!,
    close,
    score: sql<number>`greatest(similarity(${q}, ${column}), word_similarity(${q}, ${column}))`,
  };
}

/**
 * Fewer than 3 characters make no trigram: such a query matches names starting with it (or with
 * a word starting with it), in name order, so the index on (account, name) stops at `limit`.
 */
const short = (q: string) => q.length < 3;
const startsWith = (column: AnyColumn, q: string) => or(ilike(column, prefixPattern(q)), ilike(column, `% ${prefixPattern(q)}`))!;

const personHit = (row: { id: string; displayName: string; orgRole: string | null; score: number }): SearchHit => ({
  type: 'person',
  id: row.id,
  title: row.displayName,
  ...(row.orgRole ? { subtitle: row.orgRole } : {}),
  matched: row.displayName,
  path: `/practice/persons/${row.id}`,
  score: row.score,
});

export const personSearch: SearchProvider = {
  type: 'person',
  label: 'Persons',
  resource: '/person/persons',
  async search(db: Db, accountId: string, q: string, limit: number) {
    const select = { id: persons.id, displayName: persons.displayName, orgRole: persons.orgRole };
    // The lower-cased search name carries the (account, trigram) index; trigrams ignore case anyway.
    const lower = q.toLowerCase();
    if (short(q)) {
      const rows = await db
        .select({ ...select, score: sql<number>`1` })
        .from(persons)
        .where(and(eq(persons.accountId, accountId), startsWith(persons.searchName, lower)))
        .orderBy(asc(persons.searchName), asc(persons.id))
        .limit(limit);
      return rows.map(personHit);
    }
    const { where, close, score } = fuzzy(persons.searchName, lower);
    const best = (match: SQL) =>
      db
        .select({ ...select, score })
        .from(persons)
        .where(and(eq(persons.accountId, accountId), match))
        .orderBy(desc(score), asc(persons.searchName), asc(persons.id))
        .limit(limit);
    // In a large account a whole-name similarity of 0.3 admits thousands of candidates to score:
    // names containing the query (or a word like it) come first, and only when they are fewer
    // than asked is the typo-tolerant match needed to fill the list.
    const closeRows = await best(close);
    const rows = closeRows.length >= limit ? closeRows : await best(where);
    return rows.map(personHit);
  },
  async byId(db, accountId, id) {
    const [row] = await db
      .select({ id: persons.id, displayName: persons.displayName, orgRole: persons.orgRole })
      .from(persons)
      .where(and(eq(persons.accountId, accountId), eq(persons.id, id)));
    return row ? personHit({ ...row, score: 1 }) : null;
  },
};

const userHit = (row: { id: string; name: string; email: string; score: number }, matched = row.name): SearchHit => ({
  type: 'user',
  id: row.id,
  title: row.name,
  subtitle: row.email,
  matched,
  path: `/practice/users/${row.id}`,
  score: row.score,
});

/** Users by name or email; `matched` says which of the two matched better. */
export const userSearch: SearchProvider = {
  type: 'user',
  label: 'Users',
  resource: '/person/users',
  async search(db: Db, accountId: string, q: string, limit: number) {
    const select = { id: users.personId, name: users.name, email: users.email };
    if (short(q)) {
      const rows = await db
        .select({ ...select, score: sql<number>`1` })
        .from(users)
        .where(and(eq(users.accountId, accountId), or(startsWith(users.name, q), ilike(users.email, prefixPattern(q)))))
        .orderBy(asc(users.name), asc(users.personId))
        .limit(limit);
      return rows.map((row) => userHit(row));
    }
    const byName = fuzzy(users.name, q);
    const byEmail = fuzzy(users.email, q);
    const rows = await db
      .select({ ...select, nameScore: byName.score, emailScore: byEmail.score })
      .from(users)
      .where(and(eq(users.accountId, accountId), or(byName.where, byEmail.where)))
      .orderBy(desc(sql`greatest(${byName.score}, ${byEmail.score})`), asc(users.name), asc(users.personId))
      .limit(limit);
    return rows.map((row) =>
      userHit({ ...row, score: Math.max(row.nameScore, row.emailScore) }, row.emailScore > row.nameScore ? row.email : row.name),
    );
  },
  async byId(db, accountId, id) {
    const [row] = await db
      .select({ id: users.personId, name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.accountId, accountId), eq(users.personId, id)));
    return row ? userHit({ ...row, score: 1 }) : null;
  },
};

const practitionerHit = (row: { id: string; name: string; specialty: string | null; score: number }): SearchHit => ({
  type: 'practitioner',
  id: row.id,
  title: row.name,
  ...(row.specialty ? { subtitle: row.specialty } : {}),
  matched: row.name,
  path: `/practice/practitioners/${row.id}`,
  score: row.score,
});

export const practitionerSearch: SearchProvider = {
  type: 'practitioner',
  label: 'Practitioners',
  resource: '/person/practitioners',
  async search(db: Db, accountId: string, q: string, limit: number) {
    const select = { id: practitioners.personId, name: practitioners.name, specialty: practitioners.specialty };
    if (short(q)) {
      const rows = await db
        .select({ ...select, score: sql<number>`1` })
        .from(practitioners)
        .where(and(eq(practitioners.accountId, accountId), startsWith(practitioners.name, q)))
        .orderBy(asc(practitioners.name), asc(practitioners.personId))
        .limit(limit);
      return rows.map(practitionerHit);
    }
    const { where, score } = fuzzy(practitioners.name, q);
    const rows = await db
      .select({ ...select, score })
      .from(practitioners)
      .where(and(eq(practitioners.accountId, accountId), where))
      .orderBy(desc(score), asc(practitioners.name), asc(practitioners.personId))
      .limit(limit);
    return rows.map(practitionerHit);
  },
  async byId(db, accountId, id) {
    const [row] = await db
      .select({ id: practitioners.personId, name: practitioners.name, specialty: practitioners.specialty })
      .from(practitioners)
      .where(and(eq(practitioners.accountId, accountId), eq(practitioners.personId, id)));
    return row ? practitionerHit({ ...row, score: 1 }) : null;
  },
};
