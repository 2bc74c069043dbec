import type { Context } from 'hono';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  e164,
  type ContactPoint,
  type ContactPointAssociation,
  type ContactPointAssociationShown,
  type ContactPointList,
  type ContactPointSort,
} from '../../../domain/contact-points.ts';
import { isAllowed } from '../../../domain/permissions.ts';
import { filteredTotalBound } from '../../../domain/persons.ts';
import { listOffset, type ListQuery } from '../../../domain/list-query.ts';
import type { SortOrder } from '../../../domain/lists.ts';
import type { TagFilter } from '../../../domain/tags.ts';
import type { Db, Tx } from '../../db/client.ts';
import { contactPointCounts, contactPointPractitioners, contactPoints, practitioners } from '../../db/schema/index.ts';
import { recordReads } from '../../access-log.ts';
import type { AppEnv } from '../../env.ts';
import { containsPattern } from '../../search/like.ts';
import { live, restorable } from '../../soft-delete.ts';
import { taggedWith } from '../../tagged.ts';
import { presentCommon } from '../../list-queries.ts';

type Reader = Db | Tx;
export type ContactPointRow = typeof contactPoints.$inferSelect;

export function presentContactPoint(row: ContactPointRow, associations: ContactPointAssociationShown[]): ContactPoint {
  return {
    resourceType: 'ContactPoint',
    id: row.id,
    ...presentCommon(row),
    name: row.name,
    value: row.value,
    normalizedValue: row.normalizedValue,
    system: row.system,
    serviceProvider: row.serviceProvider,
    description: row.description,
    systemType: row.systemType,
    rank: row.rank,
    vip: row.vip,
    associations,
  };
}

/** The contact point, always inside the request's account (another account's, or a deleted one, is "not found"). */
export async function findContactPoint(db: Reader, accountId: string, id: string, forUpdate = false) {
  const q = db.select().from(contactPoints).where(and(eq(contactPoints.accountId, accountId), eq(contactPoints.id, id), live(contactPoints)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** A contact point of the account deleted within the restore window, locked for its restore. */
export async function findDeletedContactPoint(db: Tx, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(contactPoints)
    .where(and(eq(contactPoints.accountId, accountId), eq(contactPoints.id, id), restorable(contactPoints)))
    .for('update');
  return row ?? null;
}

/** The practitioners associated, by name then id. */
export async function associationsOf(db: Reader, accountId: string, id: string): Promise<ContactPointAssociation[]> {
  return db
    .select({ id: practitioners.personId, name: practitioners.name })
    .from(contactPointPractitioners)
    .innerJoin(practitioners, eq(practitioners.personId, contactPointPractitioners.practitionerId))
    .where(and(eq(contactPointPractitioners.accountId, accountId), eq(contactPointPractitioners.contactPointId, id)))
    .orderBy(asc(practitioners.name), asc(practitioners.personId));
}

/** Whether the caller may read practitioners, and so their names among a contact point's associations (issue 40). */
export const readsPractitioners = (c: Context<AppEnv>) => c.var.caller.instanceAdmin || isAllowed(c.var.account.role?.resources, '/person/practitioners/{id}', 'GET');

/**
 * A contact point's associations as this caller is answered them (issue 40): named to a caller who
 * may read practitioners, each name shown a read of that practitioner in the access log; by id
 * alone (`name: null`) to any other caller. `accountId`: the practitioners' account when it is not
 * the request's (the System log).
 */
export function shownAssociations(c: Context<AppEnv>, associations: readonly ContactPointAssociationShown[], accountId?: string): ContactPointAssociationShown[] {
  if (!readsPractitioners(c)) return associations.map((a) => ({ id: a.id, name: null }));
  recordReads(c, 'Practitioner', 'list', associations.map((a) => a.id), accountId);
  return [...associations];
}

/** The contact points a practitioner is associated with (the practitioner side of the association), by name then id. */
export async function contactPointsOf(db: Reader, accountId: string, practitionerId: string): Promise<ContactPointAssociation[]> {
  return db
    .select({ id: contactPoints.id, name: contactPoints.name })
    .from(contactPointPractitioners)
    .innerJoin(contactPoints, eq(contactPoints.id, contactPointPractitioners.contactPointId))
    .where(and(eq(contactPointPractitioners.accountId, accountId), eq(contactPointPractitioners.practitionerId, practitionerId), live(contactPoints)))
    .orderBy(asc(contactPoints.name), asc(contactPoints.id));
}

/** Another contact point of the account holding this normalised value for this system. */
export async function holderOf(db: Reader, accountId: string, system: string, normalizedValue: string, except?: string) {
  const [row] = await db
    .select({ id: contactPoints.id, name: contactPoints.name })
    .from(contactPoints)
    .where(
      and(
        eq(contactPoints.accountId, accountId),
        eq(contactPoints.system, system as ContactPointRow['system']),
        eq(contactPoints.normalizedValue, normalizedValue),
        except ? ne(contactPoints.id, except) : undefined,
        live(contactPoints),
      ),
    );
  return row ?? null;
}

/** Of these practitioner ids, those that are practitioners of the account. */
export async function knownPractitioners(db: Reader, accountId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: practitioners.personId })
    .from(practitioners)
    .where(and(eq(practitioners.accountId, accountId), inArray(practitioners.personId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Whether one of these practitioners already has the maximum of contact points (other than this one; deleted ones do not count). */
export async function practitionerFull(db: Reader, accountId: string, ids: string[], except: string | null, max: number): Promise<boolean> {
  if (ids.length === 0) return false;
  const rows = await db
    .select({ id: contactPointPractitioners.practitionerId, n: count() })
    .from(contactPointPractitioners)
    .innerJoin(contactPoints, eq(contactPoints.id, contactPointPractitioners.contactPointId))
    .where(
      and(
        eq(contactPointPractitioners.accountId, accountId),
        inArray(contactPointPractitioners.practitionerId, ids),
        except ? ne(contactPointPractitioners.contactPointId, except) : undefined,
        live(contactPoints),
      ),
    )
    .groupBy(contactPointPractitioners.practitionerId);
  return rows.some((r) => r.n >= max);
}

const sortColumns: Record<ContactPointSort, AnyColumn[]> = {
  id: [contactPoints.id],
  name: [contactPoints.name, contactPoints.id],
  value: [contactPoints.value, contactPoints.id],
  vip: [contactPoints.vip, contactPoints.name, contactPoints.id],
  serviceProvider: [contactPoints.serviceProvider, contactPoints.name, contactPoints.id],
  systemType: [contactPoints.systemType, contactPoints.name, contactPoints.id],
  rank: [contactPoints.rank, contactPoints.name, contactPoints.id],
};

const listColumns = {
  id: contactPoints.id,
  name: contactPoints.name,
  value: contactPoints.value,
  system: contactPoints.system,
  vip: contactPoints.vip,
  serviceProvider: contactPoints.serviceProvider,
  systemType: contactPoints.systemType,
  rank: contactPoints.rank,
};

const ordered = (columns: AnyColumn[], order: SortOrder) => columns.map((c) => (order === 'asc' ? asc(c) : desc(c)));

/**
 * A page of the account's contact points. `q` matches the name or the value as typed, and a
 * phone number in any spelling matches its normalised value. `walkBound`: see `defaultWalkBound`
 * (a test makes it small to reach the other way of finding a page).
 */
export async function listContactPoints(
  db: Db,
  accountId: string,
  query: ListQuery<ContactPointSort> & { tag?: TagFilter },
  options: { walkBound?: number } = {},
): Promise<ContactPointList> {
  const { items, ...page } = await listContactPointRows(db, accountId, query, options);
  return { items: await wholeContactPoints(db, accountId, items.map((item) => item.id)), ...page };
}

/** The practitioners associated with the contact point row in scope, by name then id, as `associationsOf` answers them. */
const associationsOfRow = sql<ContactPointAssociation[]>`coalesce((select json_agg(json_build_object('id', ${practitioners.personId}, 'name', ${practitioners.name}) order by ${practitioners.name}, ${practitioners.personId}) from ${contactPointPractitioners} join ${practitioners} on ${eq(practitioners.personId, contactPointPractitioners.practitionerId)} where ${and(
  sql`${contactPointPractitioners.accountId} = ${contactPoints.accountId}`,
  sql`${contactPointPractitioners.contactPointId} = ${contactPoints.id}`,
)}), '[]'::json)`;

/**
 * The page's contact points whole, in the page's order (issue 44: a list item is the spec §3
 * record): one statement by primary key for the page, the associations aggregated per row. The
 * page itself is found by the cheap ways of `listContactPointRows`, which read the sort index only.
 */
async function wholeContactPoints(db: Db, accountId: string, ids: string[]): Promise<ContactPoint[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ row: getTableColumns(contactPoints), associations: associationsOfRow })
    .from(contactPoints)
    .where(and(eq(contactPoints.accountId, accountId), inArray(contactPoints.id, ids)));
  const byId = new Map(rows.map(({ row, associations }) => [row.id, presentContactPoint(row, associations)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The page's ids (and the list's columns), found as cheaply as the filter allows (below). */
async function listContactPointRows(
  db: Db,
  accountId: string,
  query: ListQuery<ContactPointSort> & { tag?: TagFilter },
  { walkBound = defaultWalkBound }: { walkBound?: number } = {},
): Promise<Omit<ContactPointList, 'items'> & { items: { id: string }[] }> {
  const offset = listOffset(query);
  const q = query.q;
  const phone = q ? e164(q) : null;
  const id = q && /^[0-9a-f-]{36}$/i.test(q) ? q.toLowerCase() : null;
  const text = q ? textMatch(q) : undefined;
  const filter = q ? or(text, phone ? eq(contactPoints.normalizedValue, phone) : undefined, id ? eq(contactPoints.id, id) : undefined) : undefined;
  const tag = query.tag ? taggedWith('ContactPoint', contactPoints.id, accountId, query.tag) : undefined;
  const where = and(eq(contactPoints.accountId, accountId), live(contactPoints), filter, tag);
  const sort = sortColumns[query.sort];
  // Deferred join: the page's ids come from the sort index alone (live rows only, 0014), so the
  // rows an offset skips are never read; only the page's own rows are.
  const page = (order: SortOrder, limit: number, from: number) => {
    const ids = db.select({ id: contactPoints.id }).from(contactPoints).where(where).orderBy(...ordered(sort, order)).limit(limit).offset(from).as('page');
    return db
      .select(listColumns)
      .from(contactPoints)
      .innerJoin(ids, eq(contactPoints.id, ids.id))
      .orderBy(...ordered(sort, order));
  };
  if (!filter && !tag) {
    // The exact number of live contact points is kept per account (contact_point_counts, 0014).
    const [counted] = await db.select({ n: contactPointCounts.live }).from(contactPointCounts).where(eq(contactPointCounts.accountId, accountId));
    const total = counted?.n ?? 0;
    if (offset > total / 2 && offset < total) {
      // A page in the second half is read from the other end: the last page is as cheap as the first.
      const limit = Math.min(query.limit, total - offset);
      const reversed = await page(query.order === 'asc' ? 'desc' : 'asc', limit, total - offset - limit);
      return { items: reversed.reverse(), total, limit: query.limit, offset };
    }
    return { items: await page(query.order, query.limit, offset), total, limit: query.limit, offset };
  }
  // The sort index carries `search` (0023): when the filter is that text alone, a page can be
  // found by testing the index's entries in order.
  const walk = q && text && !phone && !id && !tag && !q.includes('\n') ? textMatchIn('entries', q) : null;
  // Counting every match of a common word among 100,000 costs more than the page: stop at the
  // bound and say so (`totalEstimated`), as the persons list does.
  const { items, matched } = await filteredPage(db, accountId, where!, walk, walkBound, sort, query.order, query.limit, offset);
  return { items, total: Math.min(matched, filteredTotalBound), ...(matched > filteredTotalBound && { totalEstimated: true }), limit: query.limit, offset };
}

/**
 * `q` in the name or in the value, as ILIKE would find it: on the lowercased copy of both (the
 * `search` column, with its trigram index), lowercased by PostgreSQL as the column was. `search`
 * holds a line break between the two, so a `q` holding one is matched against each column.
 */
function textMatch(q: string): SQL {
  const pattern = containsPattern(q);
  if (q.includes('\n')) return or(ilike(contactPoints.name, pattern), ilike(contactPoints.value, pattern))!;
  return sql`${contactPoints.search} like lower(${pattern})`;
}

/** `textMatch` on the `search` of a subquery's rows (a sort index's entries). */
const textMatchIn = (alias: string, q: string) => sql`${sql.identifier(alias)}.${sql.identifier('search')} like lower(${containsPattern(q)})`;

type ListRow = { id: string | null; name: string; value: string; system: ContactPointRow['system']; vip: boolean; service_provider: string; system_type: ContactPointRow['systemType']; rank: number; matched: string };

/** The sort's columns, by name, in the same order and direction as `ordered` (`from`: the subquery they are read from). */
const orderedBy = (columns: AnyColumn[], order: SortOrder, from?: string) =>
  sql.join(
    columns.map((c) => sql`${from ? sql`${sql.identifier(from)}.` : sql``}${sql.identifier(c.name)} ${order === 'asc' ? sql`asc` : sql`desc`}`),
    sql`, `,
  );

/**
 * How many entries of the sort index a filtered page reads before it sorts every match instead:
 * the first pages of a word in one in a hundred rows are a few thousand entries in; a word whose
 * rows sit together far into the order ("Nurse triage" by name) is not met this way.
 */
const defaultWalkBound = 10_000;

/**
 * A filtered page and the number of matches (up to the bound), in one statement that reads only
 * what it needs (measured at 100,000, "oak street": 8,342 matches):
 *
 * - `matches`: every match, from the trigram bitmap (a materialized CTE is planned without the
 *   limits below, so the planner does not trade the bitmap for a table scan), read lazily: only as
 *   many rows as the later steps take.
 * - `counted`: the first 1,001. Up to 1,000, that is every match: the page is sorted from them.
 * - Past 1,000 the word is common, one row in a hundred or more. `walk` reads the sort index in
 *   order, testing each entry's `search` without visiting its row, up to `walkBound` entries: a
 *   common word's first pages are there (9 ms where sorting every match took 23). Only when the
 *   walk has no full page (the matches sit together further on, or the page is far) are the
 *   rest of the matches read and sorted (`sorted`), as before.
 * - The page's rows are then read whole by id. An empty page (past the last match) still has
 *   its count: the page is joined to `counted`, not the other way round.
 *
 * `walk` is null when the filter is not the `search` text alone (a phone number, an id, a tag),
 * and the page is then sorted from the matches.
 */
async function filteredPage(db: Db, accountId: string, where: SQL, walk: SQL | null, walkBound: number, sort: AnyColumn[], order: SortOrder, limit: number, offset: number) {
  const keys = sql.join(sort, sql`, `);
  const names = sql.join(
    sort.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const columns = sql.join(Object.values(listColumns), sql`, `);
  const common = sql`(select n from counted) > ${filteredTotalBound}`;
  const walked = walk
    ? sql`walk as materialized (
        select ${names} from (
          select ${keys}, ${contactPoints.search} from ${contactPoints}
          where ${contactPoints.accountId} = ${accountId} and ${contactPoints.deletedAt} is null
          order by ${sql.join(ordered(sort, order), sql`, `)} limit ${walkBound}
        ) as entries
        where ${common} and ${walk}
        order by ${orderedBy(sort, order)} limit ${limit} offset ${offset}
      ),`
    : sql``;
  const walkFull = sql`(select count(*) from walk) = ${limit}`;
  const result = await db.execute<ListRow>(sql`
    with matches as materialized (select ${keys} from ${contactPoints} where ${where}),
    counted as (select count(*) as n from (select 1 from matches limit ${filteredTotalBound + 1}) as bounded),
    ${walked}
    page as (
      (select * from matches where not ${common} order by ${orderedBy(sort, order)} limit ${limit} offset ${offset})
      ${walk ? sql`union all (select * from walk where ${walkFull})` : sql``}
      union all
      (select * from matches where ${common} ${walk ? sql`and not ${walkFull}` : sql``} order by ${orderedBy(sort, order)} limit ${limit} offset ${offset})
    )
    select ${columns}, counted.n as matched
    from counted left join (page join ${contactPoints} on ${contactPoints.id} = ${sql.identifier('page')}.id and ${contactPoints.accountId} = ${accountId}) on true
    order by ${orderedBy(sort, order, 'page')}`);
  const items = result.rows.flatMap((row) =>
    row.id === null
      ? []
      : [
          {
            id: row.id,
            name: row.name,
            value: row.value,
            system: row.system,
            vip: row.vip,
            serviceProvider: row.service_provider as ContactPointRow['serviceProvider'],
            systemType: row.system_type,
            rank: row.rank,
          },
        ],
  );
  return { items, matched: Number(result.rows[0]?.matched ?? 0) };
}

/**
 * The VIP lookup: one probe of (account_id, normalized_value); a VIP contact point wins over
 * another holding the same number. It runs for every incoming call, so it is a prepared
 * statement: built once per process and planned once per connection rather than per call
 * (the values are an array, so one or two spellings are the same statement).
 */
const vipStatements = new WeakMap<Db, ReturnType<typeof prepareVipLookup>>();
const prepareVipLookup = (db: Db) =>
  db
    .select({ id: contactPoints.id, name: contactPoints.name, value: contactPoints.value, system: contactPoints.system, vip: contactPoints.vip })
    .from(contactPoints)
    .where(and(eq(contactPoints.accountId, sql.placeholder('accountId')), sql`${contactPoints.normalizedValue} = any(${sql.placeholder('values')}::text[])`, live(contactPoints)))
    .orderBy(desc(contactPoints.vip), asc(contactPoints.id))
    .limit(1)
    .prepare('contact_point_vip_lookup');

export async function vipLookup(db: Db, accountId: string, normalizedValues: string[]) {
  let statement = vipStatements.get(db);
  if (!statement) vipStatements.set(db, (statement = prepareVipLookup(db)));
  const [row] = await statement.execute({ accountId, values: normalizedValues });
  return row ?? null;
}
