import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactPointList, ContactPointListItem } from '../../../domain/contact-points.ts';
import type { MaskedCallSort } from '../../../domain/lists.ts';
import type { MaskingCreate, MaskingSession } from '../../../domain/masking.ts';
import type { Person } from '../../../domain/persons.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import type { ListSearch } from '../../lib/list-search.ts';
import { personKeys } from '../../lib/person-keys.ts';
import { retryUnlessRefused } from '../../lib/query.ts';
import { recordQueryOptions } from '../../lib/record-queries.ts';

export type MaskedCallListSearch = ListSearch<MaskedCallSort>;

/** One page of the list as the list screen shows it. */
export type MaskedCallPage = { items: MaskingSession[]; total: number };

const collection = '/call_masking/sessions';
const path = (id: string) => `${collection}/${encodeURIComponent(id)}`;

/** Query keys of masked calls; the account comes first (switching accounts clears them all). */
export const maskedCallKeys = {
  all: (account: string) => [account, 'masked-calls'] as const,
  lists: (account: string) => [account, 'masked-calls', 'list'] as const,
  list: (account: string, search: object) => [account, 'masked-calls', 'list', search] as const,
  detail: (account: string, id: string) => [account, 'masked-calls', 'detail', id] as const,
  /** The practice's phone lines a session can reach (the create form's choices). */
  lines: (account: string) => [account, 'masked-calls', 'lines'] as const,
};

const digits = (value: string) => value.replace(/\D/g, '');

/** Whether a session matches the list's filter: the person, the number (by its digits), the line or the status. */
function matches(session: MaskingSession, q: string) {
  const text = q.toLowerCase();
  const number = digits(q);
  return (
    (session.personName ?? '').toLowerCase().includes(text) ||
    session.practiceContactPointName.toLowerCase().includes(text) ||
    session.status.includes(text) ||
    (number.length > 0 && digits(session.patientNumber).includes(number))
  );
}

/** The list's page for its URL state, from all the practice's sessions (filtered, sorted and paged here). */
export function pageOf(sessions: MaskingSession[], search: MaskedCallListSearch): MaskedCallPage {
  const q = search.q.trim();
  const filtered = q ? sessions.filter((s) => matches(s, q)) : sessions;
  const sign = search.order === 'desc' ? -1 : 1;
  const sorted = [...filtered].sort((a, b) => sign * (a[search.sort] < b[search.sort] ? -1 : a[search.sort] > b[search.sort] ? 1 : 0));
  const start = (search.page - 1) * search.size;
  return { items: sorted.slice(start, start + search.size), total: filtered.length };
}

export const maskedCallListQuery = (account: string, search: MaskedCallListSearch) =>
  queryOptions({
    queryKey: maskedCallKeys.list(account, search),
    queryFn: async () => pageOf((await request<{ items: MaskingSession[] }>(collection)).items, search),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    retryOnMount: false,
  });

/** A person's sessions, newest first (`?personId=`): under the lists' key, so a new or ended session reads them again. */
export const personMaskedCallsQuery = (account: string, personId: string) =>
  queryOptions({
    queryKey: [...maskedCallKeys.lists(account), 'person', personId] as const,
    queryFn: async () => (await request<{ items: MaskingSession[] }>(collection, { query: { personId } })).items,
    retry: retryUnlessRefused,
  });

export const maskedCallQuery = (account: string, id: string) => recordQueryOptions<MaskingSession>(maskedCallKeys.detail(account, id), path(id));

/** Pages of contact points read for the choices, at most (a practice has a few dozen). */
const linePages = 10;

/**
 * The practice's phone lines (contact points of system PHONE) a patient can be put through to, by
 * name: the API checks the choice again (a US number, not deleted).
 */
export const practiceLinesQuery = (account: string) =>
  queryOptions({
    queryKey: maskedCallKeys.lines(account),
    queryFn: async () => {
      const lines: ContactPointListItem[] = [];
      for (let page = 1; page <= linePages; page++) {
        const list = await request<ContactPointList>('/contactpoints/contact-points', { query: { page, limit: 50, sort: 'name', order: 'asc' } });
        lines.push(...list.items.filter((item) => item.system === 'PHONE'));
        if (page * 50 >= list.total) break;
      }
      return lines;
    },
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });

export function useCreateMaskedCall() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: MaskingCreate) => request<MaskingSession>(collection, { method: 'POST', body }),
    onSuccess: (session) => {
      queryClient.setQueryData(maskedCallKeys.detail(account, session.id), session);
      void queryClient.invalidateQueries({ queryKey: maskedCallKeys.lists(account) });
    },
  });
}

/** Ends a session (PATCH `{ ended: true }`): the page shows the answer, the lists are read again. */
export function useEndMaskedCall(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: () => request<MaskingSession>(path(id), { method: 'PATCH', body: { ended: true } }),
    onSuccess: (session) => {
      queryClient.setQueryData(maskedCallKeys.detail(account, id), session);
      void queryClient.invalidateQueries({ queryKey: maskedCallKeys.lists(account) });
    },
  });
}

/** The person a session is set up for (its name on the form), read as the person's page reads it. */
export const maskedCallPersonQuery = (account: string, id: string) =>
  recordQueryOptions<Pick<Person, 'id' | 'displayName'>>(personKeys.detail(account, id), `/person/persons/${encodeURIComponent(id)}`);
