import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useAccountKey } from './account.ts';
import { request } from './api.ts';
import { toListQuery, type ListSearch } from './list-search.ts';
import { retryUnlessRefused } from './query.ts';
import { searchKeys } from './search-keys.ts';
import type { SoftDeleteTarget } from './soft-delete.ts';

/**
 * A record list's query: the list search as the API's query (`toListQuery`), the rows of the page
 * before kept on screen until the next arrive, and no retry of a refusal. `key` names the list in
 * the feature's query-key factory; `collection` is the API path.
 */
export function listQueryOptions<TList, K extends QueryKey = QueryKey>(key: (query: ReturnType<typeof toListQuery>) => K, collection: string, search: ListSearch<string>) {
  const query = toListQuery(search);
  return queryOptions({ queryKey: key(query), queryFn: () => request<TList>(collection, { query }), placeholderData: keepPreviousData, retry: retryUnlessRefused, retryOnMount: false });
}

/**
 * One record's query. The route's loader has already tried it, so a failure shows at once (with
 * its own Try again) instead of retrying on mount; a refusal is not retried.
 */
export function recordQueryOptions<TRecord, K extends QueryKey = QueryKey>(queryKey: K, path: string, options?: Parameters<typeof request>[1]) {
  return queryOptions({ queryKey, queryFn: () => request<TRecord>(path, options), retry: retryUnlessRefused, retryOnMount: false });
}

type RecordArea = {
  /** The query keys' name of the area ('insurances'). */
  area: string;
  /** The API collection ('/insurances'); a record is `<collection>/<id>`. */
  collection: string;
  /** The records show in the palette's entity search: a change refreshes it too. */
  searched?: boolean;
};

/**
 * The query-key factory, the list and record queries and the create/update mutations of a record
 * area whose API is the usual collection (GET list with the list search, POST, GET/PATCH one).
 * Each feature's `queries.ts` names them for its entity; what is its own stays there.
 */
export function recordQueries<TRecord, TList, TSearch extends ListSearch<string>, TCreate extends object, TPatch extends object, TCreated = { id: string }>({ area, collection, searched = false }: RecordArea) {
  /** Query keys of the area; the account comes first (switching accounts clears them all). */
  const keys = {
    all: (account: string) => [account, area] as const,
    lists: (account: string) => [account, area, 'list'] as const,
    list: (account: string, query: object) => [account, area, 'list', query] as const,
    detail: (account: string, id: string) => [account, area, 'detail', id] as const,
  };
  const path = (id: string) => `${collection}/${encodeURIComponent(id)}`;
  /** What a change makes stale besides the record itself: the lists, and the palette's search where the area is in it. */
  const listed = (account: string) => [keys.lists(account), ...(searched ? [searchKeys.all(account)] : [])];

  const listQuery = (account: string, search: TSearch) => listQueryOptions<TList>((query) => keys.list(account, query), collection, search);

  const recordQuery = (account: string, id: string) => recordQueryOptions<TRecord>(keys.detail(account, id), path(id));

  function useCreate() {
    const queryClient = useQueryClient();
    const account = useAccountKey();
    return useMutation({
      mutationFn: (body: TCreate) => request<TCreated>(collection, { method: 'POST', body }),
      onSuccess: () => {
        for (const queryKey of listed(account)) void queryClient.invalidateQueries({ queryKey });
      },
    });
  }

  function useUpdate(id: string) {
    const queryClient = useQueryClient();
    const account = useAccountKey();
    return useMutation({
      mutationFn: (body: TPatch) => request<TRecord>(path(id), { method: 'PATCH', body }),
      onSuccess: (record) => {
        queryClient.setQueryData(keys.detail(account, id), record);
        for (const queryKey of listed(account)) void queryClient.invalidateQueries({ queryKey });
      },
    });
  }

  /** What Delete and its Undo need (see soft-delete.ts): the paths, the toast's name ('Insurance'), and the queries showing the record. */
  const deleteTarget =
    (kind: string) =>
    (account: string, { id, name }: { id: string; name: string }): SoftDeleteTarget => ({
      path: path(id),
      restorePath: `${path(id)}/restore`,
      kind,
      name,
      invalidate: [keys.lists(account), keys.detail(account, id), ...(searched ? [searchKeys.all(account)] : [])],
    });

  return { keys, path, listQuery, recordQuery, useCreate, useUpdate, deleteTarget };
}
