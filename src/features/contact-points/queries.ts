import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactPoint, ContactPointCreate, ContactPointList, ContactPointPatch, ContactPointSort } from '../../../domain/contact-points.ts';
import type { PractitionerList } from '../../../domain/persons.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { type ListSearch } from '../../lib/list-search.ts';
import { practitionerKeys } from '../../lib/person-keys.ts';
import { searchKeys } from '../../lib/search-keys.ts';
import type { SoftDeleteTarget } from '../../lib/soft-delete.ts';
import { listQueryOptions, recordQueryOptions } from '../../lib/record-queries.ts';

/** The list's URL state; `tag` filters by tag (`key` or `key:value`). */
export type ContactPointListSearch = ListSearch<ContactPointSort> & { tag: string };

/** Query keys of contact points; the account comes first (switching accounts clears them all). */
export const contactPointKeys = {
  all: (account: string) => [account, 'contact-points'] as const,
  lists: (account: string) => [account, 'contact-points', 'list'] as const,
  list: (account: string, query: object) => [account, 'contact-points', 'list', query] as const,
  detail: (account: string, id: string) => [account, 'contact-points', 'detail', id] as const,
  /** The Add Practitioner picker's choices for what was typed. */
  practitionerChoices: (account: string, q: string) => [account, 'contact-points', 'practitioner-choices', q] as const,
};

const collection = '/contactpoints/contact-points';
const path = (id: string) => `${collection}/${encodeURIComponent(id)}`;

export const contactPointListQuery = (account: string, search: ContactPointListSearch) => listQueryOptions<ContactPointList>((query) => contactPointKeys.list(account, query), collection, search);

export const contactPointQuery = (account: string, id: string) => recordQueryOptions<ContactPoint>(contactPointKeys.detail(account, id), path(id));

/** Practitioners of the account whose name matches `q`, for the Add Practitioner picker (by name, 50 at most). */
export const practitionerChoicesQuery = (account: string, q: string) =>
  queryOptions({
    queryKey: contactPointKeys.practitionerChoices(account, q),
    queryFn: () => request<PractitionerList>('/person/practitioners', { query: { limit: 50, sort: 'name', order: 'asc', ...(q ? { q } : {}) } }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** Everything a contact point write changes: its lists, its page, and the practitioners' pages (the other side of the associations). */
function useInvalidateContactPoints() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return () => {
    void queryClient.invalidateQueries({ queryKey: contactPointKeys.lists(account) });
    void queryClient.invalidateQueries({ queryKey: practitionerKeys.all(account) });
    void queryClient.invalidateQueries({ queryKey: searchKeys.all(account) });
  };
}

export function useCreateContactPoint() {
  const invalidate = useInvalidateContactPoints();
  return useMutation({
    mutationFn: (body: ContactPointCreate) => request<{ id: string }>(collection, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateContactPoint(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  const invalidate = useInvalidateContactPoints();
  return useMutation({
    mutationFn: (body: ContactPointPatch) => request<ContactPoint>(path(id), { method: 'PATCH', body }),
    onSuccess: (contactPoint) => {
      queryClient.setQueryData(contactPointKeys.detail(account, id), contactPoint);
      invalidate();
    },
  });
}

/** What Delete and its Undo need (see lib/soft-delete.ts): the paths, the toast's name, and the queries showing the contact point. */
export const contactPointDeleteTarget = (account: string, { id, name }: { id: string; name: string }): SoftDeleteTarget => ({
  path: path(id),
  restorePath: `${path(id)}/restore`,
  kind: 'Contact point',
  name,
  invalidate: [contactPointKeys.lists(account), contactPointKeys.detail(account, id), practitionerKeys.all(account), searchKeys.all(account)],
});
