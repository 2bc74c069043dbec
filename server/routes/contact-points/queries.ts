import { and, asc, count, desc, eq, ilike, inArray, ne, or, type AnyColumn } from 'drizzle-orm';
import {
  e164,
  type ContactPoint,
  type ContactPointAssociation,
  type ContactPointList,
  type ContactPointSort,
} from '../../../domain/contact-points.ts';
import { listOffset, type ListQuery } from '../../../domain/persons.ts';
import type { SortOrder } from '../../../domain/lists.ts';
import type { TagFilter } from '../../../domain/tags.ts';
import type { Db, Tx } from '../../db/client.ts';
import { contactPointPractitioners, contactPoints, practitioners } from '../../db/schema.ts';
import { containsPattern } from '../../search/like.ts';
import { live, restorable } from '../../soft-delete.ts';
import { taggedWith } from '../../tagged.ts';

type Reader = Db | Tx;
export type ContactPointRow = typeof contactPoints.$inferSelect;

export function presentContactPoint(row: ContactPointRow, associations: ContactPointAssociation[]): ContactPoint {
  return {
    resourceType: 'ContactPoint',
    id: row.id,
    accountId: row.accountId,
    createdTimestamp: row.createdTimestamp.toISOString(),
    modifiedTimestamp: row.modifiedTimestamp.toISOString(),
    createdBy: row.createdBy,
    modifiedBy: row.modifiedBy,
    version: row.version,
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

const ordered = (columns: AnyColumn[], order: SortOrder) => columns.map((c) => (order === 'asc' ? asc(c) : desc(c)));

/**
 * A page of the account's contact points. `q` matches the name or the value as typed, and a
 * phone number in any spelling matches its normalised value.
 */
export async function listContactPoints(db: Db, accountId: string, query: ListQuery<ContactPointSort> & { tag?: TagFilter }): Promise<ContactPointList> {
  const offset = listOffset(query);
  const phone = query.q ? e164(query.q) : null;
  const filter = query.q
    ? or(
        ilike(contactPoints.name, containsPattern(query.q)),
        ilike(contactPoints.value, containsPattern(query.q)),
        phone ? eq(contactPoints.normalizedValue, phone) : undefined,
        /^[0-9a-f-]{36}$/i.test(query.q) ? eq(contactPoints.id, query.q.toLowerCase()) : undefined,
      )
    : undefined;
  const where = and(eq(contactPoints.accountId, accountId), live(contactPoints), filter, query.tag ? taggedWith('ContactPoint', contactPoints.id, accountId, query.tag) : undefined);
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: contactPoints.id,
        name: contactPoints.name,
        value: contactPoints.value,
        system: contactPoints.system,
        vip: contactPoints.vip,
        serviceProvider: contactPoints.serviceProvider,
        systemType: contactPoints.systemType,
        rank: contactPoints.rank,
      })
      .from(contactPoints)
      .where(where)
      .orderBy(...ordered(sortColumns[query.sort], query.order))
      .limit(query.limit)
      .offset(offset),
    db.select({ n: count() }).from(contactPoints).where(where),
  ]);
  return { items, total: total?.n ?? 0, limit: query.limit, offset };
}

/** The VIP lookup: one probe of (account_id, normalized_value); a VIP contact point wins over another holding the same number. */
export async function vipLookup(db: Db, accountId: string, normalizedValues: string[]) {
  const [row] = await db
    .select({ id: contactPoints.id, name: contactPoints.name, value: contactPoints.value, system: contactPoints.system, vip: contactPoints.vip })
    .from(contactPoints)
    .where(and(eq(contactPoints.accountId, accountId), inArray(contactPoints.normalizedValue, normalizedValues), live(contactPoints)))
    .orderBy(desc(contactPoints.vip), asc(contactPoints.id))
    .limit(1);
  return row ?? null;
}
