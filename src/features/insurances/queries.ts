import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Insurance, InsuranceCreate, InsuranceList, InsurancePatch, InsuranceSort } from '../../../domain/insurances.ts';
import { messages } from '../../../domain/messages.ts';
import { useToast } from '../../components/ui/toast.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { ApiRequestError, request } from '../../lib/api.ts';
import { toListQuery, type ListSearch } from '../../lib/list-search.ts';
import { retryUnlessRefused } from '../../lib/query.ts';
import { searchKeys } from '../../lib/search-keys.ts';

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

/**
 * Deleting is soft: the toast offers Undo, which restores the same plan (no confirmation first:
 * Undo makes a slip harmless). Undo runs after the deleting screen may have gone, so it is a
 * plain function, not a mutation bound to that screen.
 */
export function useDeleteInsurance() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  const toast = useToast();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: insuranceKeys.lists(account) });
    void queryClient.invalidateQueries({ queryKey: searchKeys.all(account) });
  }, [queryClient, account]);
  const restore = useCallback(
    async (insurance: { id: string; name: string }) => {
      try {
        const restored = await request<Insurance>(`${path(insurance.id)}/restore`, { method: 'POST' });
        queryClient.setQueryData(insuranceKeys.detail(account, insurance.id), restored);
        refresh();
        toast('success', `Insurance “${restored.insurancePlanName}” restored`);
      } catch (error) {
        toast('error', error instanceof ApiRequestError ? error.message : messages.serverError);
      }
    },
    [queryClient, account, refresh, toast],
  );
  return useMutation({
    mutationFn: (insurance: { id: string; name: string }) => request<null>(path(insurance.id), { method: 'DELETE' }),
    onSuccess: (_answer, insurance) => {
      queryClient.removeQueries({ queryKey: insuranceKeys.detail(account, insurance.id) });
      refresh();
      toast('success', `Insurance “${insurance.name}” deleted`, { action: { label: 'Undo', run: () => void restore(insurance) } });
    },
    onError: (error) => toast('error', error instanceof ApiRequestError ? error.message : messages.serverError),
  });
}
