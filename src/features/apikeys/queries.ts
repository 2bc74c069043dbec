import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, ApiKeyCreate, ApiKeyCreated, ApiKeyList, ApiKeyPatch, ApiKeySort } from '../../../domain/api-keys.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { toListQuery, type ListSearch } from '../../lib/list-search.ts';
import { retryUnlessRefused } from '../../lib/query.ts';

export type ApiKeyListSearch = ListSearch<ApiKeySort>;

/** Query keys of API keys; the account comes first (switching accounts clears them all). */
export const apiKeyKeys = {
  all: (account: string) => [account, 'apikeys'] as const,
  lists: (account: string) => [account, 'apikeys', 'list'] as const,
  list: (account: string, query: object) => [account, 'apikeys', 'list', query] as const,
  detail: (account: string, id: string) => [account, 'apikeys', 'detail', id] as const,
};

const path = (id: string) => `/permissions/apikeys/${encodeURIComponent(id)}`;

export const apiKeyListQuery = (account: string, search: ApiKeyListSearch) => {
  const query = toListQuery(search);
  return queryOptions({
    queryKey: apiKeyKeys.list(account, query),
    queryFn: () => request<ApiKeyList>('/permissions/apikeys', { query }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    retryOnMount: false,
  });
};

export const apiKeyQuery = (account: string, id: string) =>
  queryOptions({ queryKey: apiKeyKeys.detail(account, id), queryFn: () => request<ApiKey>(path(id)), retry: retryUnlessRefused, retryOnMount: false });

/** Creates a key: the answer carries its secret, which is never put in the cache (only the screen shows it, once). */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: ApiKeyCreate) => request<ApiKeyCreated>('/permissions/apikeys', { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.lists(account) });
    },
  });
}

export function useUpdateApiKey(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: ApiKeyPatch) => request<ApiKey>(path(id), { method: 'PATCH', body }),
    onSuccess: (key) => {
      queryClient.setQueryData(apiKeyKeys.detail(account, id), key);
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.lists(account) });
    },
  });
}

/** Deleting is final: a deleted key's secret never works again, so there is no Undo. */
export function useDeleteApiKey(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: () => request<void>(path(id), { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: apiKeyKeys.detail(account, id) });
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.lists(account) });
    },
  });
}
