import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Insurance, InsuranceCreate, InsuranceList, InsurancePatch, InsuranceSort } from '../../../domain/insurances.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { toListQuery, type ListSearch } from '../../lib/list-search.ts';
import { retryUnlessRefused } from '../../lib/query.ts';
import { searchKeys } from '../../lib/search-keys.ts';
import type { SoftDeleteTarget } from '../../lib/soft-delete.ts';

/** The list's URL state; `tag` filters by tag (`key` or `key:value`). */
export type InsuranceListSearch = ListSearch<InsuranceSort> & { tag: string };

/** Query keys of insurances; the account comes first (switching accounts clears them all). */
export const insuranceKeys = {
  all: (account: string) => [account, 'insurances'] as const,
  lists: (account: string) => [account, 'insurances', 'list'] as const,
  list: (account: string, query: object) => [account, 'insurances', 'list', query] as const,
  detail: (account: string, id: string) => [account, 'insurances', 'detail', id] as const,
};

const path = (id: string) => `/insurances/${encodeURIComponent(id)}`;

export const insuranceListQuery = (account: string, search: InsuranceListSearch) => {
  const query = toListQuery(search);
  return queryOptions({
    queryKey: insuranceKeys.list(account, query),
    queryFn: () => request<InsuranceList>('/insurances', { query }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    retryOnMount: false,
  });
};

export const insuranceQuery = (account: string, id: string) =>
  queryOptions({ queryKey: insuranceKeys.detail(account, id), queryFn: () => request<Insurance>(path(id)), retry: retryUnlessRefused, retryOnMount: false });

export function useCreateInsurance() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: InsuranceCreate) => request<{ id: string }>('/insurances', { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: insuranceKeys.lists(account) });
      void queryClient.invalidateQueries({ queryKey: searchKeys.all(account) });
    },
  });
}

export function useUpdateInsurance(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: InsurancePatch) => request<Insurance>(path(id), { method: 'PATCH', body }),
    onSuccess: (insurance) => {
      queryClient.setQueryData(insuranceKeys.detail(account, id), insurance);
      void queryClient.invalidateQueries({ queryKey: insuranceKeys.lists(account) });
      void queryClient.invalidateQueries({ queryKey: searchKeys.all(account) });
    },
  });
}

/** What Delete and its Undo need (see lib/soft-delete.ts): the paths, the toast's name, and the queries showing the plan. */
export const insuranceDeleteTarget = (account: string, { id, name }: { id: string; name: string }): SoftDeleteTarget => ({
  path: path(id),
  restorePath: `${path(id)}/restore`,
  kind: 'Insurance',
  name,
  invalidate: [insuranceKeys.lists(account), insuranceKeys.detail(account, id), searchKeys.all(account)],
});
