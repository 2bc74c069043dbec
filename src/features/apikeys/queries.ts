import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, ApiKeyCreate, ApiKeyCreated, ApiKeyList, ApiKeyPatch, ApiKeySort } from '../../../domain/api-keys.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import type { ListSearch } from '../../lib/list-search.ts';
import { recordQueries } from '../../lib/record-queries.ts';

export type ApiKeyListSearch = ListSearch<ApiKeySort>;

const apiKeys = recordQueries<ApiKey, ApiKeyList, ApiKeyListSearch, ApiKeyCreate, ApiKeyPatch, ApiKeyCreated>({ area: 'apikeys', collection: '/permissions/apikeys' });

/** Query keys of API keys; the account comes first (switching accounts clears them all). */
export const apiKeyKeys = apiKeys.keys;
export const apiKeyListQuery = apiKeys.listQuery;
export const apiKeyQuery = apiKeys.recordQuery;
/** Creates a key: the answer carries its secret, which is never put in the cache (only the screen shows it, once). */
export const useCreateApiKey = apiKeys.useCreate;
export const useUpdateApiKey = apiKeys.useUpdate;

/** Deleting is final: a deleted key's secret never works again, so there is no Undo. */
export function useDeleteApiKey(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: () => request<void>(apiKeys.path(id), { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: apiKeyKeys.detail(account, id) });
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.lists(account) });
    },
  });
}
