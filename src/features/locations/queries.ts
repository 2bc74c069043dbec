import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Location, LocationCreate, LocationList, LocationPatch, LocationSort } from '../../../domain/locations.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { retryUnlessRefused } from '../../lib/query.ts';
import { toListQuery, type ListSearch } from '../../lib/list-search.ts';
import { searchKeys } from '../../lib/search-keys.ts';
import type { SoftDeleteTarget } from '../../lib/soft-delete.ts';

/** The list's URL state; `tag` filters by tag (`key` or `key:value`). */
export type LocationListSearch = ListSearch<LocationSort> & { tag: string };

/** Query keys of locations; the account comes first (switching accounts clears them all). */
export const locationKeys = {
  all: (account: string) => [account, 'locations'] as const,
  lists: (account: string) => [account, 'locations', 'list'] as const,
  list: (account: string, query: object) => [account, 'locations', 'list', query] as const,
  detail: (account: string, id: string) => [account, 'locations', 'detail', id] as const,
};

const path = (id: string) => `/locations/locations/${encodeURIComponent(id)}`;

export const locationListQuery = (account: string, search: LocationListSearch) => {
  const query = toListQuery(search);
  return queryOptions({
    queryKey: locationKeys.list(account, query),
    queryFn: () => request<LocationList>('/locations/locations', { query }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    retryOnMount: false,
  });
};

export const locationQuery = (account: string, id: string) =>
  queryOptions({ queryKey: locationKeys.detail(account, id), queryFn: () => request<Location>(path(id)), retry: retryUnlessRefused, retryOnMount: false });

export function useCreateLocation() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: LocationCreate) => request<{ id: string }>('/locations/locations', { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: locationKeys.lists(account) });
      void queryClient.invalidateQueries({ queryKey: searchKeys.all(account) });
    },
  });
}

export function useUpdateLocation(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: LocationPatch) => request<Location>(path(id), { method: 'PATCH', body }),
    onSuccess: (location) => {
      queryClient.setQueryData(locationKeys.detail(account, id), location);
      void queryClient.invalidateQueries({ queryKey: locationKeys.lists(account) });
      void queryClient.invalidateQueries({ queryKey: searchKeys.all(account) });
    },
  });
}

/** What Delete and its Undo need (see lib/soft-delete.ts): the paths, the toast's name, and the queries showing the location. */
export const locationDeleteTarget = (account: string, { id, name }: { id: string; name: string }): SoftDeleteTarget => ({
  path: path(id),
  restorePath: `${path(id)}/restore`,
  kind: 'Location',
  name,
  invalidate: [locationKeys.lists(account), locationKeys.detail(account, id), searchKeys.all(account)],
});
