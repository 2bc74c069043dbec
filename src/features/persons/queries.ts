import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Person,
  PersonCreate,
  PersonCreated,
  PersonList,
  PersonPatch,
  PersonSort,
  PractitionerCreate,
  UserCreate,
} from '../../../domain/persons.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { retryUnlessRefused } from '../../lib/query.ts';
import { toListQuery, type ListSearch } from '../../lib/list-search.ts';
import { personKeys, practitionerKeys, userKeys } from '../../lib/person-keys.ts';

export type PersonListSearch = ListSearch<PersonSort>;

export const personListQuery = (account: string, search: PersonListSearch) => {
  const query = toListQuery(search);
  return queryOptions({
    queryKey: personKeys.list(account, query),
    queryFn: () => request<PersonList>('/person/persons', { query }),
    // Paging and sorting keep the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    retryOnMount: false,
  });
};

export const personQuery = (account: string, id: string) =>
  queryOptions({
    queryKey: personKeys.detail(account, id),
    queryFn: () => request<Person>(`/person/persons/${encodeURIComponent(id)}`),
    retry: retryUnlessRefused,
    // The route loader already tried; a failure shows at once (with its own Try again).
    retryOnMount: false,
  });

export function useCreatePerson() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: PersonCreate) => request<PersonCreated>('/person/persons', { method: 'POST', body }),
    onSuccess: (_created, body) => {
      void queryClient.invalidateQueries({ queryKey: personKeys.lists(account) });
      if (body.makePractitioner) void queryClient.invalidateQueries({ queryKey: practitionerKeys.lists(account) });
    },
  });
}

export function useUpdatePerson(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: PersonPatch) => request<Person>(`/person/persons/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: (person) => {
      queryClient.setQueryData(personKeys.detail(account, id), person);
      void queryClient.invalidateQueries({ queryKey: personKeys.lists(account) });
    },
  });
}

/** Gives the person a practitioner record (spec §7 POST /person/practitioners/{id}). */
export function useMakePractitioner(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: PractitionerCreate = {}) => request<{ id: string }>(`/person/practitioners/${encodeURIComponent(id)}`, { method: 'POST', body }),
    onSettled: () => invalidatePerson(queryClient, account, id, practitionerKeys.all(account)),
  });
}

/** Gives the person a user record (spec §7 POST /person/users/{id}). */
export function useMakeUser(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: UserCreate) => request<{ id: string }>(`/person/users/${encodeURIComponent(id)}`, { method: 'POST', body }),
    onSuccess: () => invalidatePerson(queryClient, account, id, userKeys.all(account)),
  });
}

function invalidatePerson(queryClient: ReturnType<typeof useQueryClient>, account: string, id: string, other: readonly unknown[]) {
  void queryClient.invalidateQueries({ queryKey: personKeys.detail(account, id) });
  void queryClient.invalidateQueries({ queryKey: personKeys.lists(account) });
  void queryClient.invalidateQueries({ queryKey: other });
}
