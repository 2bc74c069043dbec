import { and, count, eq, getTableColumns, sql, type AnyColumn } from 'drizzle-orm';
import { filteredTotalBound, type Person, type PersonList, type PersonSort, type SortOrder } from '../../../domain/persons.ts';
import { listOffset, type ListQuery } from '../../../domain/list-query.ts';
import type { Db, Tx } from '../../db/client.ts';
import { personCounts, persons } from '../../db/schema/index.ts';
import { ordered, textOrId } from '../../list-queries.ts';

type PersonRow = typeof persons.$inferSelect;

const iso = (d: Date) => d.toISOString();

export function presentPerson(row: PersonRow): Person {
  return {
    id: row.id,
    accountId: row.accountId,
    resourceType: 'Person',
    createdTimestamp: iso(row.createdTimestamp),
    modifiedTimestamp: iso(row.modifiedTimestamp),
    createdBy: row.createdBy,
    modifiedBy: row.modifiedBy,
    version: row.version,
    name: row.name,
    displayName: row.displayName,
    gender: row.gender as Person['gender'],
    orgRole: row.orgRole,
    communication: row.communication,
    practitionerRecord: row.practitionerRecord,
    userRecord: row.userRecord,
  };
}

// ---------------------------------------------------------------------------------------------
// Single records, always inside the request's account (another account's record is "not found")

type Reader = Db | Tx;

export async function findPerson(db: Reader, accountId: string, id: string, forUpdate = false) {
  const q = db.select().from(persons).where(and(eq(persons.accountId, accountId), eq(persons.id, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** The person's record flags, written in the transaction of the user or practitioner record they describe. */
export const flagPerson = (tx: Tx, accountId: string, id: string, flags: { userRecord: boolean } | { practitionerRecord: boolean }) =>
  tx.update(persons).set(flags).where(and(eq(persons.accountId, accountId), eq(persons.id, id)));

// ---------------------------------------------------------------------------------------------
// Lists: server-side paging, sorting and filtering

/** ORDER BY the sort column(s) then the id, all in the same direction (so one index serves both ways). */

const personSortColumns: Record<PersonSort, AnyColumn[]> = {
  id: [persons.id],
  name: [persons.searchName, persons.id],
  orgRole: [persons.orgRole, persons.searchName, persons.id],
  practitioner: [persons.practitionerRecord, persons.searchName, persons.id],
  user: [persons.userRecord, persons.searchName, persons.id],
};

export async function listPersons(db: Db, accountId: string, query: ListQuery<PersonSort>): Promise<PersonList> {
  const offset = listOffset(query);
  const filter = textOrId(query.q, persons.id, [persons.displayName], persons.searchName);
  const where = and(eq(persons.accountId, accountId), filter);
  // The whole record (spec §3, issue 44): the page's rows are read from the table anyway.
  const columns = getTableColumns(persons);
  const sort = personSortColumns[query.sort];
  // Deferred join: the page's ids come from an index-only scan of the sort index (which holds the
  // name the filter reads), so rows skipped by the offset or the filter never touch the table;
  // only the page's own rows are then read.
  const page = (order: SortOrder, limit: number, from: number) => {
    const ids = db.select({ id: persons.id }).from(persons).where(where).orderBy(...ordered(sort, order)).limit(limit).offset(from).as('page');
    return db
      .select(columns)
      .from(persons)
      .innerJoin(ids, eq(persons.id, ids.id))
      .where(eq(persons.accountId, accountId))
      .orderBy(...ordered(sort, order));
  };

  let items;
  let total: number;
  let totalEstimated = false;
  if (!filter) {
    // The exact total is kept per account (person_counts), so it costs one row.
    const [counted] = await db.select({ n: personCounts.persons }).from(personCounts).where(eq(personCounts.accountId, accountId));
    total = counted?.n ?? 0;
    if (offset > total / 2 && offset < total) {
      // A page in the second half is read from the other end (the last page is as cheap as the first).
      const limit = Math.min(query.limit, total - offset);
      const reversed = await page(query.order === 'asc' ? 'desc' : 'asc', limit, total - offset - limit);
      items = reversed.reverse();
    } else {
      items = await page(query.order, query.limit, offset);
    }
  } else {
    // Counting every match of a one-letter filter among 100,000 persons costs more than the page:
    // stop at the bound and say so (domain `filteredTotalBound`, `totalEstimated`).
    const bounded = db.select({ one: sql`1` }).from(persons).where(where).limit(filteredTotalBound + 1).as('bounded');
    const [rows, [counted]] = await Promise.all([page(query.order, query.limit, offset), db.select({ n: count() }).from(bounded)]);
    items = rows;
    total = Math.min(counted?.n ?? 0, filteredTotalBound);
    totalEstimated = (counted?.n ?? 0) > filteredTotalBound;
  }
  return {
    Items: items.map(presentPerson),
    total,
    ...(totalEstimated && { totalEstimated }),
    limit: query.limit,
    offset,
  };
}
