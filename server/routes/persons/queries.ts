import { and, count, eq, getTableColumns, gte, ilike, like, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { filteredTotalBound, type Person, type PersonList, type PersonSort, type Practitioner, type PractitionerAssociation, type PractitionerPhoto, type PractitionerList, type PractitionerSort, type SortOrder, type User, type UserList, type UserSort } from '../../../domain/persons.ts';
import { listOffset, type ListQuery } from '../../../domain/list-query.ts';
import type { TagFilter } from '../../../domain/tags.ts';
import type { Db, Tx } from '../../db/client.ts';
import { contactPointPractitioners, contactPoints, personCounts, persons, practitionerPhotos, practitioners, roles, users } from '../../db/schema/index.ts';
import { listPage, ordered } from '../../list-queries.ts';
import { containsPattern } from '../../search/like.ts';
import { live } from '../../soft-delete.ts';
import { taggedWith } from '../../tagged.ts';

type PersonRow = typeof persons.$inferSelect;
type UserRow = typeof users.$inferSelect;
type PractitionerRow = typeof practitioners.$inferSelect;
type PhotoMeta = { contentType: string; size: number; modifiedTimestamp: Date } | null;

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

export function presentUser(row: UserRow, roleName: string | null): User {
  return {
    id: row.personId,
    personId: row.personId,
    accountId: row.accountId,
    resourceType: 'User',
    createdTimestamp: iso(row.createdTimestamp),
    modifiedTimestamp: iso(row.modifiedTimestamp),
    createdBy: row.createdBy,
    modifiedBy: row.modifiedBy,
    version: row.version,
    name: row.name,
    email: row.email,
    principalId: row.principalId,
    source: row.source,
    oktaId: row.oktaId,
    active: row.active,
    roleId: row.roleId,
    userPolicy: { accessPolicy: { role: roleName, roleId: row.roleId } },
    instanceAdmin: row.instanceAdmin,
  };
}

export function presentPractitioner(row: PractitionerRow, photo: PhotoMeta, associations: PractitionerAssociation[] = []): Practitioner {
  return {
    id: row.personId,
    personId: row.personId,
    accountId: row.accountId,
    resourceType: 'Practitioner',
    createdTimestamp: iso(row.createdTimestamp),
    modifiedTimestamp: iso(row.modifiedTimestamp),
    createdBy: row.createdBy,
    modifiedBy: row.modifiedBy,
    version: row.version,
    active: row.active,
    name: row.name,
    specialty: row.specialty,
    group: row.group,
    initials: row.initials,
    pronunciation: row.pronunciation,
    synonyms: row.synonyms,
    // Its contact points (read by the detail routes; an audit row leaves them out).
    associations,
    photo: photo && presentPhoto(row.personId, photo),
  };
}

export function presentPhoto(id: string, photo: NonNullable<PhotoMeta>): PractitionerPhoto {
  return {
    contentType: photo.contentType as PractitionerPhoto['contentType'],
    size: photo.size,
    modifiedTimestamp: iso(photo.modifiedTimestamp),
    path: `/person/practitioners/${id}/photo`,
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

export async function findUser(db: Reader, accountId: string, id: string, forUpdate = false) {
  const q = db.select().from(users).where(and(eq(users.accountId, accountId), eq(users.personId, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function roleName(db: Reader, accountId: string, roleId: string | null): Promise<string | null> {
  if (!roleId) return null;
  const [row] = await db.select({ name: roles.name }).from(roles).where(and(eq(roles.accountId, accountId), eq(roles.id, roleId)));
  return row?.name ?? null;
}

/** What a user's role grants (null without a role): the bound on who may change the user's sign-in (issue 24). */
export async function roleGrants(db: Reader, accountId: string, roleId: string | null) {
  if (!roleId) return null;
  const [row] = await db.select({ resources: roles.resources }).from(roles).where(and(eq(roles.accountId, accountId), eq(roles.id, roleId)));
  return row?.resources ?? null;
}

export async function findPractitioner(db: Reader, accountId: string, id: string, forUpdate = false) {
  const q = db.select().from(practitioners).where(and(eq(practitioners.accountId, accountId), eq(practitioners.personId, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** What a practitioner answer tells of its photo (never the bytes). */
export const photoColumns = {
  contentType: practitionerPhotos.contentType,
  size: practitionerPhotos.size,
  modifiedTimestamp: practitionerPhotos.modifiedTimestamp,
};

export async function photoMeta(db: Reader, accountId: string, id: string): Promise<PhotoMeta> {
  const [row] = await db
    .select(photoColumns)
    .from(practitionerPhotos)
    .where(and(eq(practitionerPhotos.accountId, accountId), eq(practitionerPhotos.personId, id)));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Lists: server-side paging, sorting and filtering

const uuidLow = '00000000-0000-0000-0000-000000000000';
const uuidHigh = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/**
 * When `q` could be the start of an id ("3f2a", "3f2a9c1e-77"), the id range it covers: an index
 * range on the uuid instead of casting every id to text.
 */
export function idPrefixRange(q: string): [string, string] | null {
  const s = q.toLowerCase();
  if (s.length === 0 || s.length > 36) return null;
  for (let i = 0; i < s.length; i++) {
    const dash = uuidLow[i] === '-';
    if (dash ? s[i] !== '-' : !/[0-9a-f]/.test(s[i]!)) return null;
  }
  return [s + uuidLow.slice(s.length), s + uuidHigh.slice(s.length)];
}

/**
 * The filter of a list: the name (and other texts) containing `q`, any case; or, when `q` could
 * start an id, the ids it starts. A `q` with a digit or a dash is taken as an id only: no name
 * has those, and an OR with the name would turn an id lookup into a scan of every name.
 */
function textOrId(q: string | undefined, id: AnyColumn, texts: AnyColumn[], lowerCased?: AnyColumn): SQL | undefined {
  if (!q) return undefined;
  const range = idPrefixRange(q);
  const byId = range ? and(gte(id, range[0]), lte(id, range[1])) : undefined;
  if (byId && /[\d-]/.test(q)) return byId;
  const pattern = containsPattern(q);
  const byText = lowerCased ? [like(lowerCased, containsPattern(q.toLowerCase()))] : texts.map((t) => ilike(t, pattern));
  return or(...byText, byId);
}

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

const userSortColumns: Record<UserSort, AnyColumn[]> = {
  id: [users.personId],
  name: [users.name, users.personId],
  principalId: [users.principalId, users.personId],
  active: [users.active, users.name, users.personId],
};

export async function listUsers(db: Db, accountId: string, query: ListQuery<UserSort>): Promise<UserList> {
  const where = and(eq(users.accountId, accountId), textOrId(query.q, users.personId, [users.name, users.email]));
  // The whole user (spec §3, issue 44) with its role's name (`userPolicy.accessPolicy.role`).
  const rows = db
    .select({ user: getTableColumns(users), roleName: roles.name })
    .from(users)
    .leftJoin(roles, and(eq(roles.accountId, users.accountId), eq(roles.id, users.roleId)))
    .$dynamic();
  const { items, ...page } = await listPage(db, users, rows, where, userSortColumns[query.sort], query);
  return { Items: items.map((row) => presentUser(row.user, row.roleName)), ...page };
}

const practitionerSortColumns: Record<PractitionerSort, AnyColumn[]> = {
  id: [practitioners.personId],
  name: [practitioners.name, practitioners.personId],
  active: [practitioners.active, practitioners.name, practitioners.personId],
  group: [practitioners.group, practitioners.name, practitioners.personId],
  specialty: [practitioners.specialty, practitioners.name, practitioners.personId],
};

/** The live contact points of the practitioner row in scope, by name then id, as `contactPointsOf` answers them (one probe of the association's index per row). */
const associationsOfRow = sql<PractitionerAssociation[]>`coalesce((select json_agg(json_build_object('id', ${contactPoints.id}, 'name', ${contactPoints.name}) order by ${contactPoints.name}, ${contactPoints.id}) from ${contactPointPractitioners} join ${contactPoints} on ${eq(contactPoints.id, contactPointPractitioners.contactPointId)} where ${and(
  sql`${contactPointPractitioners.accountId} = ${practitioners.accountId}`,
  sql`${contactPointPractitioners.practitionerId} = ${practitioners.personId}`,
  live(contactPoints),
)}), '[]'::json)`;

/**
 * A page of the account's practitioners, each the whole record as GET answers it (issue 44): its
 * photo's description and its contact points come in the same statement (a join on the photo's
 * key, an aggregate of the associations' index per row).
 */
export async function listPractitioners(db: Db, accountId: string, query: ListQuery<PractitionerSort> & { tag?: TagFilter }): Promise<PractitionerList> {
  const synonym = query.q ? sql`exists (select 1 from unnest(${practitioners.synonyms}) s where s ilike ${containsPattern(query.q)})` : undefined;
  const where = and(
    eq(practitioners.accountId, accountId),
    query.q ? or(textOrId(query.q, practitioners.personId, [practitioners.name]), synonym) : undefined,
    query.tag ? taggedWith('Practitioner', practitioners.personId, accountId, query.tag) : undefined,
  );
  const rows = db
    .select({
      practitioner: getTableColumns(practitioners),
      photoType: practitionerPhotos.contentType,
      photoSize: practitionerPhotos.size,
      photoModified: practitionerPhotos.modifiedTimestamp,
      associations: associationsOfRow,
    })
    .from(practitioners)
    .leftJoin(practitionerPhotos, and(eq(practitionerPhotos.personId, practitioners.personId), eq(practitionerPhotos.accountId, practitioners.accountId)))
    .$dynamic();
  const { items, ...page } = await listPage(db, practitioners, rows, where, practitionerSortColumns[query.sort], query);
  return {
    items: items.map(({ practitioner, photoType, photoSize, photoModified, associations }) =>
      presentPractitioner(practitioner, photoType === null || photoSize === null || photoModified === null ? null : { contentType: photoType, size: photoSize, modifiedTimestamp: photoModified }, associations),
    ),
    ...page,
  };
}
