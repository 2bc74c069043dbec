import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { e164, phoneSystems } from '../../../domain/contact-points.ts';
import type { SearchHit } from '../../../domain/search.ts';
import type { Db } from '../../db/client.ts';
import { contactPointWords, contactPoints } from '../../db/schema/index.ts';
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

/** How many matching rows the palette ranks (see `best`). */
const candidatesPerQuery = 50;

/** A word of a query as the search index splits names: letters and digits. */
const queryWords = (q: string) => q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 8);

/**
 * The full-text query for the name: every typed word, as a word or the start of one, or one of
 * the (at most three) account words a mistyped word is close to: "oak stret" becomes
 * `('oak':* | 'oak') & ('stret':* | 'street')`. Null when `q` has no word.
 */
async function nameWords(db: Db, accountId: string, q: string): Promise<string | null> {
  const typed = queryWords(q);
  if (typed.length === 0) return null;
  const correctable = typed.filter((w) => w.length >= 3 && /\p{L}/u.test(w));
  const close = correctable.length
    ? await db.execute<{ typed: string; word: string }>(
        sql`select t.typed, w.word from unnest(string_to_array(${correctable.join(' ')}, ' ')) as t(typed)
            cross join lateral (
              select ${contactPointWords.word} as word from ${contactPointWords}
              where ${contactPointWords.accountId} = ${accountId} and ${contactPointWords.word} % t.typed
              order by ${contactPointWords.word} <-> t.typed limit 3
            ) w`,
      )
    : { rows: [] };
  // Words hold letters and digits only (queryWords), so quoting them is all the escaping needed.
  return typed
    .map((w) => {
      const alternatives = new Set([`'${w}':*`, ...close.rows.filter((r) => r.typed === w).map((r) => `'${r.word}'`)]);
      return `(${[...alternatives].join(' | ')})`;
    })
    .join(' & ');
}

/**
 * Contact points by name (by its words, typo-tolerant; see `nameWords`) and by value in any
 * spelling: `(503) 555-0101`, `503.555.0101` and `+1 503 555 0101` find the same number.
 */
export const contactPointSearch: SearchProvider = {
  type: 'contact-point',
  label: 'Contact Points',
  resource: '/contactpoints/contact-points',
  async search(db: Db, accountId: string, q: string, limit: number) {
    const byValue = valueMatch(q);
    if (q.length < 3) {
      // Too short for trigrams: names starting with it (the (account, name) index, in name order), or values holding it.
      const rows = await db
        .select({ ...select, score: sql<number>`1`, byValue: sql<boolean>`(${byValue})` })
        .from(contactPoints)
        .where(and(eq(contactPoints.accountId, accountId), live(contactPoints), or(ilike(contactPoints.name, prefixPattern(q)), byValue)))
        .orderBy(asc(contactPoints.name), asc(contactPoints.id))
        .limit(limit);
      return rows.map(hit);
    }
    const nameScore = sql<number>`greatest(similarity(${q}, ${contactPoints.name}), word_similarity(${q}, ${contactPoints.name}))`;
    const ranked = (match: SQL) => {
      // The first rows that match (in no order), then the best of them: ranking every name that
      // holds a common word ("oak": 7,000 of the bench's names) costs more than it tells.
      const found = db
        .select({ id: contactPoints.id })
        .from(contactPoints)
        .where(and(eq(contactPoints.accountId, accountId), live(contactPoints), match))
        .limit(candidatesPerQuery)
        .as('found');
      return db
        .select({ ...select, score: nameScore, byValue: sql<boolean>`false` })
        .from(contactPoints)
        .innerJoin(found, eq(found.id, contactPoints.id))
        .orderBy(desc(nameScore), asc(contactPoints.name), asc(contactPoints.id))
        .limit(limit);
    };
    const valueRows = db
      .select({ ...select, score: sql<number>`1`, byValue: sql<boolean>`true` })
      .from(contactPoints)
      .where(and(eq(contactPoints.accountId, accountId), live(contactPoints), byValue))
      .orderBy(asc(contactPoints.name), asc(contactPoints.id))
      .limit(limit);
    // Names by their words: a typed word as a word or the start of one, a mistyped one also as
    // the account's words it is close to.
    const words = await nameWords(db, accountId, q);
    const [byValueRows, byWords] = await Promise.all([valueRows, words ? ranked(sql`to_tsvector('simple', ${contactPoints.name}) @@ to_tsquery('simple', ${words})`) : []]);
    // No name by its words: a part of a word, or a name too far from every word of the account;
    // trigrams then (cheap here: what is rare in words is rare in trigrams too).
    const byName = byWords.length
      ? byWords
      : await ranked(or(ilike(contactPoints.name, containsPattern(q)), sql`${q} <% ${contactPoints.name}`, sql`${contactPoints.name} % ${q}`)!);
    const seen = new Set<string>();
    const rows = [...byValueRows, ...byName].filter((row) => !seen.has(row.id) && seen.add(row.id)).slice(0, limit);
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
