import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserList, UserPatch, UserSort } from '../../../domain/persons.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { retryUnlessRefused } from '../../lib/query.ts';
import { toListQuery, type ListSearch } from '../../lib/list-search.ts';
import { userKeys } from '../../lib/person-keys.ts';

export type UserListSearch = ListSearch<UserSort>;

export const userListQuery = (account: string, search: UserListSearch) => {
  const query = toListQuery(search);
  return queryOptions({
    queryKey: userKeys.list(account, query),
    queryFn: () => request<UserList>('/person/users', { query }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    retryOnMount: false,
  });
};

export const userQuery = (account: string, id: string) =>
  queryOptions({
    queryKey: userKeys.detail(account, id),
    queryFn: () => request<User>(`/person/users/${encodeURIComponent(id)}`),
    retry: retryUnlessRefused,
    // The route loader already tried; a failure shows at once (with its own Try again).
    retryOnMount: false,
  });

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: UserPatch) => request<User>(`/person/users/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(account, id), user);
      void queryClient.invalidateQueries({ queryKey: userKeys.lists(account) });
    },
  });
}
