import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserList, UserPatch, UserSort } from '../../../domain/persons.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { type ListSearch } from '../../lib/list-search.ts';
import { userKeys } from '../../lib/person-keys.ts';
import { listQueryOptions, recordQueryOptions } from '../../lib/record-queries.ts';

export type UserListSearch = ListSearch<UserSort>;

export const userListQuery = (account: string, search: UserListSearch) => listQueryOptions<UserList>((query) => userKeys.list(account, query), '/person/users', search);

export const userQuery = (account: string, id: string) => recordQueryOptions<User>(userKeys.detail(account, id), `/person/users/${encodeURIComponent(id)}`);

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
