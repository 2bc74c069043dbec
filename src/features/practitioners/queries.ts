import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Practitioner, PractitionerList, PractitionerPatch, PractitionerPhoto, PractitionerSort } from '../../../domain/persons.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { type ListSearch } from '../../lib/list-search.ts';
import { personKeys, practitionerKeys } from '../../lib/person-keys.ts';
import { listQueryOptions, recordQueryOptions } from '../../lib/record-queries.ts';

/** The list's URL state; `tag` filters by tag (`key` or `key:value`). */
export type PractitionerListSearch = ListSearch<PractitionerSort> & { tag: string };

const path = (id: string) => `/person/practitioners/${encodeURIComponent(id)}`;

export const practitionerListQuery = (account: string, search: PractitionerListSearch) => listQueryOptions<PractitionerList>((query) => practitionerKeys.list(account, query), '/person/practitioners', search);

export const practitionerQuery = (account: string, id: string) => recordQueryOptions<Practitioner>(practitionerKeys.detail(account, id), path(id));

/**
 * The photo as a blob (the API needs the bearer token, so an <img src> cannot fetch it itself).
 * Keyed by the photo's modification time: a new upload is a new key.
 */
export const practitionerPhotoQuery = (account: string, id: string, photo: PractitionerPhoto) =>
  queryOptions({
    queryKey: practitionerKeys.photo(account, id, photo.modifiedTimestamp),
    queryFn: () => request<Blob>(photo.path, { responseType: 'blob' }),
    staleTime: Infinity,
  });

export function useUpdatePractitioner(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: PractitionerPatch) => request<Practitioner>(path(id), { method: 'PATCH', body }),
    onSuccess: (practitioner) => {
      // A read of the record still under way began before this save (the photo's, a refocus): its
      // answer would come after this one and show the record as it was. Cancelled, it never lands.
      void queryClient.cancelQueries({ queryKey: practitionerKeys.detail(account, id), exact: true });
      queryClient.setQueryData(practitionerKeys.detail(account, id), practitioner);
      void queryClient.invalidateQueries({ queryKey: practitionerKeys.lists(account) });
      void queryClient.invalidateQueries({ queryKey: personKeys.all(account) });
    },
  });
}

/** PUT /person/practitioners/{id}/photo: the raw PNG or JPEG, typed by its Content-Type. */
export function useUploadPractitionerPhoto(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (file: File) =>
      request<PractitionerPhoto>(`${path(id)}/photo`, { method: 'PUT', body: file, headers: { 'Content-Type': file.type } }),
    // Marked stale, not read again now: the edit screen saves the fields right after the photo, and
    // that save's answer (the record with its photo) is the one to show. A read started here came
    // back after it, and the practitioner's page showed the photo without the fields just saved.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: practitionerKeys.detail(account, id), refetchType: 'none' }),
  });
}
