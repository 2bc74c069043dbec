import { and, eq, getTableColumns, ilike, ne, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Insurance, InsuranceList, InsuranceSort } from '../../../domain/insurances.ts';
import type { RecordTag, TagFilter } from '../../../domain/tags.ts';
import type { ListQuery } from '../../../domain/list-query.ts';
import type { Db, Tx } from '../../db/client.ts';
import { insurances } from '../../db/schema/index.ts';
import { isId, listPage, liveRecord, restorableRecord, presentCommon } from '../../list-queries.ts';
import { containsPattern } from '../../search/like.ts';
import { live } from '../../soft-delete.ts';
import { taggedWith } from '../../tagged.ts';
import { readTags, tagsOf } from '../tags/record-tags.ts';

type Reader = Db | Tx;
export type InsuranceRow = typeof insurances.$inferSelect;

/** The insurance's answer: its row and its tags (`/tag` records of type 'Insurance'). */
export function presentInsurance(row: InsuranceRow, tags: RecordTag[]): Insurance {
  return {
    resourceType: 'Insurance',
    id: row.id,
    ...presentCommon(row),
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
    tags,
  };
}

/** The insurance's answer, its tags read. */
export const presentWithTags = async (db: Reader, row: InsuranceRow) => presentInsurance(row, await readTags(db, row.accountId, 'Insurance', row.id));

/** The insurance, always inside the request's account and not deleted (another account's, or a deleted one, is "not found"). */
export const findInsurance = (db: Reader, accountId: string, id: string, forUpdate = false) => liveRecord(db, insurances, accountId, id, forUpdate);

/** A deleted insurance of the account that may still be restored (within the restore window), locked for the restore. */
export const findRestorable = (db: Reader, accountId: string, id: string) => restorableRecord(db, insurances, accountId, id);

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

/**
 * A page of the account's insurances (not deleted), each the whole record with its tags (read in
 * the same statement). `q` matches the plan name, or is one of its plan prefixes (an agent reads
 * the start of a member id), a type, or the id.
 */
export async function listInsurances(db: Db, accountId: string, query: ListQuery<InsuranceSort> & { tag?: TagFilter }): Promise<InsuranceList> {
  const filter = query.q
    ? or(
        ilike(insurances.insurancePlanName, containsPattern(query.q)),
        sql`upper(${query.q}) = any(${insurances.planPrefix})`,
        sql`exists (select 1 from unnest(${insurances.insuranceType}) t where t ilike ${query.q})`,
        isId(query.q, insurances.id),
      )
    : undefined;
  const where = and(eq(insurances.accountId, accountId), live(insurances), filter, query.tag ? taggedWith('Insurance', insurances.id, accountId, query.tag) : undefined);
  const rows = db
    .select({ insurance: getTableColumns(insurances), tags: tagsOf('Insurance', insurances.id, insurances.accountId) })
    .from(insurances)
    .$dynamic();
  const { items, ...page } = await listPage(db, insurances, rows, where, sortColumns[query.sort], query);
  return { items: items.map(({ insurance, tags }) => presentInsurance(insurance, tags)), ...page };
}
