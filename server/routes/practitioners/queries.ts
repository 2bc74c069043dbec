import { and, eq, getTableColumns, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Practitioner, PractitionerAssociation, PractitionerPhoto, PractitionerList, PractitionerSort } from '../../../domain/persons.ts';
import type { ListQuery } from '../../../domain/list-query.ts';
import type { TagFilter } from '../../../domain/tags.ts';
import type { Db, Tx } from '../../db/client.ts';
import { contactPointPractitioners, contactPoints, practitionerPhotos, practitioners } from '../../db/schema/index.ts';
import { listPage, textOrId } from '../../list-queries.ts';
import { containsPattern } from '../../search/like.ts';
import { live } from '../../soft-delete.ts';
import { taggedWith } from '../../tagged.ts';

type PractitionerRow = typeof practitioners.$inferSelect;
type PhotoMeta = { contentType: string; size: number; modifiedTimestamp: Date } | null;

const iso = (d: Date) => d.toISOString();

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
