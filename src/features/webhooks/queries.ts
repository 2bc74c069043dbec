import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDeliveryList, WebhookEndpoint, WebhookEndpointCreate, WebhookEndpointPatch, WebhookEndpointWithSecret, WebhookResend } from '../../../domain/webhooks.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { retryUnlessRefused } from '../../lib/query.ts';
import type { WebhookListSearch, WebhookSort } from './search.ts';

/** Query keys of webhook endpoints; the account comes first (switching accounts clears them all). */
export const webhookKeys = {
  all: (account: string) => [account, 'webhooks'] as const,
  lists: (account: string) => [account, 'webhooks', 'list'] as const,
  list: (account: string, query: object) => [account, 'webhooks', 'list', query] as const,
  detail: (account: string, id: string) => [account, 'webhooks', 'detail', id] as const,
  deliveries: (account: string, id: string) => [account, 'webhooks', 'detail', id, 'deliveries'] as const,
};

const collection = '/webhooks/endpoints';
const path = (id: string) => `${collection}/${encodeURIComponent(id)}`;

type WebhookList = { items: WebhookEndpoint[]; total: number };

const byUrl = (a: WebhookEndpoint, b: WebhookEndpoint) => a.url.localeCompare(b.url) || a.id.localeCompare(b.id);
const sorters: Record<WebhookSort, (a: WebhookEndpoint, b: WebhookEndpoint) => number> = {
  url: byUrl,
  active: (a, b) => Number(b.active) - Number(a.active) || byUrl(a, b),
  createdTimestamp: (a, b) => a.createdTimestamp.localeCompare(b.createdTimestamp) || byUrl(a, b),
};

/**
 * One page of the endpoints list. The API answers an account's endpoints whole (a practice has a
 * few), so the filter, the order and the page are the list's own here, read from the URL.
 */
export const webhookListQuery = (account: string, search: WebhookListSearch) => {
  const query = { page: search.page, limit: search.size, sort: search.sort, order: search.order, q: search.q.trim() };
  return queryOptions({
    queryKey: webhookKeys.list(account, query),
    queryFn: async (): Promise<WebhookList> => {
      const { items } = await request<{ items: WebhookEndpoint[] }>(collection);
      const q = query.q.toLowerCase();
      const matching = q ? items.filter((w) => [w.url, w.description ?? '', w.id].some((text) => text.toLowerCase().includes(q))) : items;
      const sorted = [...matching].sort(sorters[query.sort]);
      if (query.order === 'desc') sorted.reverse();
      const start = (query.page - 1) * query.limit;
      return { items: sorted.slice(start, start + query.limit), total: matching.length };
    },
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    retryOnMount: false,
  });
};

export const webhookQuery = (account: string, id: string) =>
  queryOptions({ queryKey: webhookKeys.detail(account, id), queryFn: () => request<WebhookEndpoint>(path(id)), retry: retryUnlessRefused, retryOnMount: false });

/** The delivery log: the latest events sent to the endpoint with their attempts; read again while one waits to be sent. */
export const webhookDeliveriesQuery = (account: string, id: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(account, id),
    queryFn: () => request<WebhookDeliveryList>(`${path(id)}/deliveries`),
    retry: retryUnlessRefused,
    refetchInterval: (q) => (q.state.data?.items.some((d) => d.status === 'pending' && d.nextAttemptAt !== null && Date.parse(d.nextAttemptAt) - Date.now() < 60_000) ? 3_000 : false),
  });

/** Creates an endpoint: the answer carries its secret, which is never put in the cache (only the screen shows it, once). */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: WebhookEndpointCreate) => request<WebhookEndpointWithSecret>(collection, { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.lists(account) }),
  });
}

export function useUpdateWebhook(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: WebhookEndpointPatch) => request<WebhookEndpoint>(path(id), { method: 'PATCH', body }),
    onSuccess: (record) => {
      queryClient.setQueryData(webhookKeys.detail(account, id), record);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.lists(account) });
    },
  });
}

/** A new secret, answered once (the previous one signs beside it for a day). */
export function useRotateWebhookSecret(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: () => request<WebhookEndpointWithSecret>(`${path(id)}/rotate-secret`, { method: 'POST' }),
    onSuccess: ({ secret: _secret, ...record }) => queryClient.setQueryData(webhookKeys.detail(account, id), record),
  });
}

export function useResendWebhook(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: WebhookResend) => request<{ resent: number }>(`${path(id)}/resend`, { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(account, id) }),
  });
}

export function useDeleteWebhook(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: () => request<void>(path(id), { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: webhookKeys.detail(account, id) });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.lists(account) });
    },
  });
}
