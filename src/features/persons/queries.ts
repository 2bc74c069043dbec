import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Person, PersonCreate, PersonCreated, PersonList, PersonPatch, PersonSort, PractitionerCreate, UserCreate } from '../../../domain/persons.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { type ListSearch } from '../../lib/list-search.ts';
import { personKeys, practitionerKeys, userKeys } from '../../lib/person-keys.ts';
import { listQueryOptions, recordQueryOptions } from '../../lib/record-queries.ts';

export type PersonListSearch = ListSearch<PersonSort>;

export const personListQuery = (account: string, search: PersonListSearch) => listQueryOptions<PersonList>((query) => personKeys.list(account, query), '/person/persons', search);

export const personQuery = (account: string, id: string) => recordQueryOptions<Person>(personKeys.detail(account, id), `/person/persons/${encodeURIComponent(id)}`);

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
