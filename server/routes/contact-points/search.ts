import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { e164, phoneSystems } from '../../../domain/contact-points.ts';
import type { SearchHit } from '../../../domain/search.ts';
import type { Db } from '../../db/client.ts';
import { contactPoints } from '../../db/schema.ts';
import { containsPattern, prefixPattern } from '../../search/like.ts';
import { live } from '../../soft-delete.ts';
import type { SearchProvider } from '../../search/registry.ts';

type Row = { id: string; name: string; value: string; system: string; vip: boolean; score: number; byValue: boolean };

const hit = (row: Row): SearchHit => ({
  type: 'contact-point',
  id: row.id,
  title: row.name,
  subtitle: `${row.system} · ${row.value}${row.vip ? ' · VIP' : ''}`,
  matched: row.byValue ? row.value : row.name,
  path: `/practice/contact-points/${row.id}`,
  score: row.score,
});

const select = { id: contactPoints.id, name: contactPoints.name, value: contactPoints.value, system: contactPoints.system, vip: contactPoints.vip };
const phoneLike = inArray(contactPoints.system, [...phoneSystems]);

/**
 * What `q` says about a value: a whole US number in any spelling (matched by its E.164 form, the
 * unique index), a part of a number (its digits, inside the E.164 form), or text (an email
 * address, a queue id, a URL, matched inside the normalised value).
 */
function valueMatch(q: string): SQL {
  const phone = e164(q);
  if (phone) return and(phoneLike, eq(contactPoints.normalizedValue, phone))!;
  const digits = q.replace(/\D/g, '');
  if (/^[+\d\s().-]+$/.test(q) && digits.length >= 3) return and(phoneLike, sql`${contactPoints.normalizedValue} like ${containsPattern(digits)}`)!;
  return ilike(contactPoints.normalizedValue, containsPattern(q.toLowerCase()));
}

/**
 * Contact points by name (typo-tolerant, trigram index on (account, name)) and by value in any
 * spelling: `(503) 555-0101`, `503.555.0101` and `+1 503 555 0101` find the same number.
 */
export const contactPointSearch: SearchProvider = {
  type: 'contact-point',
  label: 'Contact Points',
  resource: '/contactpoints/contact-points',
  async search(db: Db, accountId: string, q: string, limit: number) {
    const byValue = valueMatch(q);
    const valueFlag = sql<boolean>`(${byValue})`;
    if (q.length < 3) {
      // Too short for trigrams: names starting with it (the (account, name) index, in name order), or values holding it.
      const rows = await db
        .select({ ...select, score: sql<number>`1`, byValue: valueFlag })
        .from(contactPoints)
        .where(and(eq(contactPoints.accountId, accountId), live(contactPoints), or(ilike(contactPoints.name, prefixPattern(q)), byValue)))
        .orderBy(asc(contactPoints.name), asc(contactPoints.id))
        .limit(limit);
      return rows.map(hit);
    }
    const nameScore = sql<number>`greatest(similarity(${q}, ${contactPoints.name}), word_similarity(${q}, ${contactPoints.name}))`;
    const score = sql<number>`case when ${byValue} then 1 else ${nameScore} end`;
    const close = or(byValue, ilike(contactPoints.name, containsPattern(q)), sql`${q} <% ${contactPoints.name}`)!;
    const best = (match: SQL) =>
      db
        .select({ ...select, score, byValue: valueFlag })
        .from(contactPoints)
        .where(and(eq(contactPoints.accountId, accountId), live(contactPoints), match))
        .orderBy(desc(score), asc(contactPoints.name), asc(contactPoints.id))
        .limit(limit);
    // Values and names containing the query first; the wider typo-tolerant match only when they are fewer than asked.
    const closeRows = await best(close);
    const rows = closeRows.length >= limit ? closeRows : await best(or(close, sql`${contactPoints.name} % ${q}`)!);
    return rows.map(hit);
  },
  async byId(db, accountId, id) {
    const [row] = await db
      .select(select)
      .from(contactPoints)
      .where(and(eq(contactPoints.accountId, accountId), live(contactPoints), eq(contactPoints.id, id)));
    return row ? hit({ ...row, score: 1, byValue: false }) : null;
  },
  /** A pasted number: its contact point (a VIP one first, then a phone line), straight from the (account, value) index. */
  async byPhone(db, accountId, digits) {
    const [row] = await db
      .select(select)
      .from(contactPoints)
      .where(and(eq(contactPoints.accountId, accountId), live(contactPoints), eq(contactPoints.normalizedValue, `+1${digits}`), phoneLike))
      .orderBy(desc(contactPoints.vip), sql`${contactPoints.system} <> 'PHONE'`, asc(contactPoints.id))
      .limit(1);
    return row ? hit({ ...row, score: 1, byValue: true }) : null;
  },
};
