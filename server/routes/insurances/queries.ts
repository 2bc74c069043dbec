import { live, restorable } from '../../soft-delete.ts';
import { and, asc, count, desc, eq, ilike, ne, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Insurance, InsuranceList, InsuranceSort } from '../../../domain/insurances.ts';
import type { SortOrder } from '../../../domain/lists.ts';
import type { TagFilter } from '../../../domain/tags.ts';
import { listOffset, type ListQuery } from '../../../domain/persons.ts';
import type { Db, Tx } from '../../db/client.ts';
import { insurances } from '../../db/schema.ts';
import { containsPattern } from '../../search/like.ts';
import { taggedWith } from '../../tagged.ts';

type Reader = Db | Tx;
export type InsuranceRow = typeof insurances.$inferSelect;

export function presentInsurance(row: InsuranceRow): Insurance {
  return {
    resourceType: 'Insurance',
    id: row.id,
    accountId: row.accountId,
    createdTimestamp: row.createdTimestamp.toISOString(),
    modifiedTimestamp: row.modifiedTimestamp.toISOString(),
    createdBy: row.createdBy,
    modifiedBy: row.modifiedBy,
    version: row.version,
    insurancePlanName: row.insurancePlanName,
    insuranceType: row.insuranceType,
    planPrefix: row.planPrefix,
    isWorkercomp: row.isWorkercomp,
    isMedicare: row.isMedicare,
    isMedicade: row.isMedicade,
    isReferralRequired: row.isReferralRequired,
    isAuthorizationRequired: row.isAuthorizationRequired,
    isOkToBringAuthorization: row.isOkToBringAuthorization,
    isInNetwork: row.isInNetwork,
    isSecondaryOnly: row.isSecondaryOnly,
  };
}

/** The insurance, always inside the request's account and not deleted (another account's, or a deleted one, is "not found"). */
export async function findInsurance(db: Reader, accountId: string, id: string, forUpdate = false) {
  const q = db.select().from(insurances).where(and(eq(insurances.accountId, accountId), eq(insurances.id, id), live(insurances)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** A deleted insurance of the account that may still be restored (within the restore window), locked for the restore. */
export async function findRestorable(db: Reader, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(insurances)
    .where(and(eq(insurances.accountId, accountId), eq(insurances.id, id), restorable(insurances)))
    .for('update');
  return row ?? null;
}

/** Another insurance of the account, not deleted, with this plan name (any case). */
export async function insuranceNamed(db: Reader, accountId: string, planName: string, except?: string) {
  const [row] = await db
    .select({ id: insurances.id, name: insurances.insurancePlanName })
    .from(insurances)
    .where(
      and(
        eq(insurances.accountId, accountId),
        live(insurances),
        sql`lower(${insurances.insurancePlanName}) = lower(${planName})`,
        except ? ne(insurances.id, except) : undefined,
      ),
    );
  return row ?? null;
}

const sortColumns: Record<InsuranceSort, AnyColumn[]> = {
  id: [insurances.id],
  name: [insurances.insurancePlanName, insurances.id],
  isInNetwork: [insurances.isInNetwork, insurances.insurancePlanName, insurances.id],
  isReferralRequired: [insurances.isReferralRequired, insurances.insurancePlanName, insurances.id],
  isAuthorizationRequired: [insurances.isAuthorizationRequired, insurances.insurancePlanName, insurances.id],
  isSecondaryOnly: [insurances.isSecondaryOnly, insurances.insurancePlanName, insurances.id],
};

const ordered = (columns: AnyColumn[], order: SortOrder) => columns.map((c) => (order === 'asc' ? asc(c) : desc(c)));

/**
 * A page of the account's insurances (not deleted). `q` matches the plan name, or is one of its
 * plan prefixes (an agent reads the start of a member id), a type, or the id.
 */
export async function listInsurances(db: Db, accountId: string, query: ListQuery<InsuranceSort> & { tag?: TagFilter }): Promise<InsuranceList> {
  const offset = listOffset(query);
  const filter = query.q
    ? or(
        ilike(insurances.insurancePlanName, containsPattern(query.q)),
        sql`upper(${query.q}) = any(${insurances.planPrefix})`,
        sql`exists (select 1 from unnest(${insurances.insuranceType}) t where t ilike ${query.q})`,
        /^[0-9a-f-]{36}$/i.test(query.q) ? eq(insurances.id, query.q.toLowerCase()) : undefined,
      )
    : undefined;
  const where = and(eq(insurances.accountId, accountId), live(insurances), filter, query.tag ? taggedWith('Insurance', insurances.id, accountId, query.tag) : undefined);
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: insurances.id,
        insurancePlanName: insurances.insurancePlanName,
        insuranceType: insurances.insuranceType,
        planPrefix: insurances.planPrefix,
        isInNetwork: insurances.isInNetwork,
        isReferralRequired: insurances.isReferralRequired,
        isAuthorizationRequired: insurances.isAuthorizationRequired,
        isSecondaryOnly: insurances.isSecondaryOnly,
      })
      .from(insurances)
      .where(where)
      .orderBy(...ordered(sortColumns[query.sort], query.order))
      .limit(query.limit)
      .offset(offset),
    db.select({ n: count() }).from(insurances).where(where),
  ]);
  return { items, total: total?.n ?? 0, limit: query.limit, offset };
}
