import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Queue, QueueList, QueuePatch, QueueSort } from '../../../domain/queues.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { type ListSearch } from '../../lib/list-search.ts';
import { listQueryOptions, recordQueryOptions } from '../../lib/record-queries.ts';

export type QueueListSearch = ListSearch<QueueSort>;

/** Query keys of call-center queues; the account comes first (switching accounts clears them all). */
export const queueKeys = {
  all: (account: string) => [account, 'queues'] as const,
  lists: (account: string) => [account, 'queues', 'list'] as const,
  list: (account: string, query: object) => [account, 'queues', 'list', query] as const,
  detail: (account: string, id: string) => [account, 'queues', 'detail', id] as const,
};

const path = (id: string) => `/callcenter/queues/${encodeURIComponent(id)}`;

export const queueListQuery = (account: string, search: QueueListSearch) => listQueryOptions<QueueList>((query) => queueKeys.list(account, query), '/callcenter/queues', search);

export const queueQuery = (account: string, id: string) => recordQueryOptions<Queue>(queueKeys.detail(account, id), path(id));

/** Syncs the account's queues from the contact center (`refresh=1`); answers what changed. */
export function useRefreshQueues() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: async () => (await request<QueueList>('/callcenter/queues', { query: { refresh: 1, limit: 10 } })).changes ?? { added: [], removed: [] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queueKeys.all(account) }),
  });
}

/** Saves a queue's settings; on success the queue is reloaded from the server (spec §7). */
export function useUpdateQueue(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: QueuePatch) => request<Queue>(path(id), { method: 'PATCH', body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queueKeys.detail(account, id) });
      void queryClient.invalidateQueries({ queryKey: queueKeys.lists(account) });
    },
  });
}
