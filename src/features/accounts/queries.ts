import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Account, AccountAdminList, AccountCreate, AccountPatch, AccountSort } from '../../../domain/accounts.ts';
import { useAccountKey } from '../../lib/account.ts';
import { accountKeys } from '../../lib/accounts.ts';
import { request } from '../../lib/api.ts';
import { type ListSearch } from '../../lib/list-search.ts';
import { listQueryOptions, recordQueryOptions } from '../../lib/record-queries.ts';

export type AccountListSearch = ListSearch<AccountSort>;
export type AccountDetail = Account;

/** Query keys of this feature, below the shared `accountKeys` (so invalidating those reaches these too). */
const featureKeys = {
  adminList: (account: string, query: object) => [...accountKeys.all(account), 'admin', query] as const,
  roles: (account: string, id: string) => [...accountKeys.all(account), 'roles', id] as const,
};

/** The administration list: paging asks `GET /accounts` for every account (instance administrators only). */
export const accountAdminListQuery = (account: string, search: AccountListSearch) => listQueryOptions<AccountAdminList>((query) => featureKeys.adminList(account, query), '/accounts', search);

/** One account: `/accounts/account` asked about it by its id (the page may be about another account than the one acted in). */
export const accountQuery = (account: string, id: string) => recordQueryOptions<Account>(accountKeys.detail(account, id), '/accounts/account', { query: { accountId: id } });

/** The roles of the account the page is about (its default role for new users is one of them). */
export const accountRolesQuery = (account: string, id: string) =>
  queryOptions({
    queryKey: featureKeys.roles(account, id),
    queryFn: async () => {
      const answer = await request<{ items?: { id: string; name: string }[] }>('/permissions/roles', { query: { accountId: id } });
      return (answer.items ?? []).map(({ id: roleId, name }) => ({ id: roleId, name })).sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: 60_000,
    retry: false,
  });

/**
 * After an account changes, every account query of every acted-in account is stale: the header's
 * selector (a new or renamed account shows without a reload), the lists, the pages; and so is the
 * access policy, which names the assumed accounts the selector offers.
 */
export function invalidateAccounts(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[1] === 'accounts' || query.queryKey[1] === 'session' });
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountCreate) => request<{ id: string }>('/accounts', { method: 'POST', body }),
    onSuccess: () => invalidateAccounts(queryClient),
  });
}

export function useUpdateAccount(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: AccountPatch) => request<Account>('/accounts/account', { method: 'PATCH', body, query: { accountId: id } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(accountKeys.detail(account, id), saved);
      void invalidateAccounts(queryClient);
    },
  });
}

export function useAddDomain(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (domainName: string) => request<Account>('/accounts/account/domain', { method: 'POST', body: { domainName }, query: { accountId: id } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(accountKeys.detail(account, id), saved);
      void invalidateAccounts(queryClient);
    },
  });
}
