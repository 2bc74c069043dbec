import type { Insurance, InsuranceCreate, InsuranceList, InsurancePatch, InsuranceSort } from '../../../domain/insurances.ts';
import type { ListSearch } from '../../lib/list-search.ts';
import { recordQueries } from '../../lib/record-queries.ts';

/** The list's URL state; `tag` filters by tag (`key` or `key:value`). */
export type InsuranceListSearch = ListSearch<InsuranceSort> & { tag: string };

const insurances = recordQueries<Insurance, InsuranceList, InsuranceListSearch, InsuranceCreate, InsurancePatch>({ area: 'insurances', collection: '/insurances', searched: true });

/** Query keys of insurances; the account comes first (switching accounts clears them all). */
export const insuranceKeys = insurances.keys;
export const insuranceListQuery = insurances.listQuery;
export const insuranceQuery = insurances.recordQuery;
export const useCreateInsurance = insurances.useCreate;
export const useUpdateInsurance = insurances.useUpdate;
export const insuranceDeleteTarget = insurances.deleteTarget('Insurance');
