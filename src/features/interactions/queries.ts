import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InteractionStatus } from '../../../domain/interaction-kinds.ts';
import type { EscalationType, Interaction, InteractionComment, InteractionListItem, MentionableUserList } from '../../../domain/interactions.ts';
import type { Queue } from '../../../domain/queues.ts';
import type { UserList } from '../../../domain/persons.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { retryUnlessRefused } from '../../lib/query.ts';
import { searchKeys } from '../../lib/search-keys.ts';
import type { SoftDeleteTarget } from '../../lib/soft-delete.ts';
import { toInteractionQuery } from './list-query.ts';
import type { InteractionListSearch } from './search.ts';

/** `GET /interactions/interactions`: one page, newest first; `total` is an estimate past a cap. */
export type InteractionList = { items: InteractionListItem[]; total: number; totalIsEstimate?: boolean; limit: number; offset: number };
export type InteractionCommentList = { items: InteractionComment[] };

/** What the detail's edit form changes (PATCH with the version edited). */
export type InteractionPatch = {
  agentNotes: string | null;
  disposition: string | null;
  status: InteractionStatus;
  escalated: boolean;
  escalatedType: EscalationType | null;
};

export const interactionsPath = '/interactions/interactions';
const path = (id: string) => `${interactionsPath}/${encodeURIComponent(id)}`;

/** Query keys of interactions; the account comes first (switching accounts clears them all). */
export const interactionKeys = {
  all: (account: string) => [account, 'interactions'] as const,
  lists: (account: string) => [account, 'interactions', 'list'] as const,
  list: (account: string, query: object) => [account, 'interactions', 'list', query] as const,
  detail: (account: string, id: string) => [account, 'interactions', 'detail', id] as const,
  comments: (account: string, id: string) => [account, 'interactions', 'detail', id, 'comments'] as const,
  person: (account: string, personId: string) => [account, 'interactions', 'list', 'person', personId] as const,
  queue: (account: string, queueId: string) => [account, 'interactions', 'queue', queueId] as const,
  mentionable: (account: string, q: string) => [account, 'interactions', 'mentionable', q] as const,
};

export const interactionListQuery = (account: string, search: InteractionListSearch) => {
  const query = toInteractionQuery(search);
  return queryOptions({
    queryKey: interactionKeys.list(account, query),
    queryFn: async () => {
      const list = await request<InteractionList>(interactionsPath, { query });
      // The shared list reads an estimated count as `totalEstimated`.
      return { ...list, totalEstimated: list.totalIsEstimate === true };
    },
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    retryOnMount: false,
  });
};

/** A person's calls (by their phone contact points, the API's `person` filter), newest first. */
export const personInteractionsQuery = (account: string, personId: string) =>
  queryOptions({
    queryKey: interactionKeys.person(account, personId),
    queryFn: () => request<InteractionList>(interactionsPath, { query: { personId, limit: 20, sort: 'startTimestamp', order: 'desc' } }),
    retry: retryUnlessRefused,
  });

export const interactionQuery = (account: string, id: string) =>
  queryOptions({ queryKey: interactionKeys.detail(account, id), queryFn: () => request<Interaction>(path(id)), retry: retryUnlessRefused, retryOnMount: false });

export const interactionCommentsQuery = (account: string, id: string) =>
  queryOptions({ queryKey: interactionKeys.comments(account, id), queryFn: () => request<InteractionCommentList>(`${path(id)}/comments`), retry: retryUnlessRefused });

/** The queue of the call: its dispositions are the ones the edit form offers. */
export const interactionQueueQuery = (account: string, queueId: string) =>
  queryOptions({ queryKey: interactionKeys.queue(account, queueId), queryFn: () => request<Queue>(`/callcenter/queues/${encodeURIComponent(queueId)}`), retry: retryUnlessRefused, staleTime: 60_000 });

/**
 * The users a comment may mention whose name has a word starting like `q` (the comment's `@`
 * picker): the server's list, by the rule its POST applies (they may read interactions).
 */
export const mentionableUsersQuery = (account: string, q: string) =>
  queryOptions({
    queryKey: interactionKeys.mentionable(account, q),
    queryFn: async () => (await request<MentionableUserList>(`${interactionsPath}/mentionable`, { query: { limit: 8, ...(q ? { q } : {}) } })).items,
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    staleTime: 30_000,
  });

export function useUpdateInteraction(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: InteractionPatch & { version: number }) => request<Interaction>(path(id), { method: 'PATCH', body }),
    onSuccess: (record) => {
      queryClient.setQueryData(interactionKeys.detail(account, id), record);
      void queryClient.invalidateQueries({ queryKey: interactionKeys.lists(account) });
      void queryClient.invalidateQueries({ queryKey: searchKeys.all(account) });
    },
  });
}

export function useAddComment(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: { body: InteractionComment['body']; mentions: string[] }) =>
      request<InteractionComment>(`${path(id)}/comments`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: interactionKeys.comments(account, id) }),
  });
}

/** What Delete and its Undo need (soft-delete.ts). */
export const interactionDeleteTarget = (account: string, { id, name }: { id: string; name: string }): SoftDeleteTarget => ({
  path: path(id),
  restorePath: `${path(id)}/restore`,
  kind: 'Interaction',
  name,
  invalidate: [interactionKeys.lists(account), interactionKeys.detail(account, id), searchKeys.all(account)],
});

/** The recording's API path (spec §7): the player's source, with the caller's credentials. */
export const recordingPath = (id: string, eventId: string, recording: string) =>
  `${path(id)}/events/${encodeURIComponent(eventId)}/recordings/${recording.split('/').map(encodeURIComponent).join('/')}`;

/** The account's queues and users as filter choices (a role that may not read them filters without). */
export const queueChoicesQuery = (account: string) =>
  queryOptions({
    queryKey: [...interactionKeys.all(account), 'choices', 'queues'] as const,
    queryFn: async () => (await request<{ items: { id: string; queueName: string; dispositions: string[] }[] }>('/callcenter/queues', { query: { limit: 50, sort: 'name', order: 'asc' } })).items,
    retry: retryUnlessRefused,
    staleTime: 60_000,
  });

export const agentChoicesQuery = (account: string) =>
  queryOptions({
    queryKey: [...interactionKeys.all(account), 'choices', 'agents'] as const,
    queryFn: async () => (await request<UserList>('/person/users', { query: { limit: 50, sort: 'name', order: 'asc' } })).Items,
    retry: retryUnlessRefused,
    staleTime: 60_000,
  });

/** The practice teams to filter by (the first 100 by name). */
export const teamChoicesQuery = (account: string) =>
  queryOptions({
    queryKey: [...interactionKeys.all(account), 'choices', 'teams'] as const,
    queryFn: async () => (await request<{ items: { id: string; name: string }[] }>('/teams/teams', { query: { limit: 100, sort: 'name', order: 'asc' } })).items,
    retry: retryUnlessRefused,
    staleTime: 60_000,
  });
