import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { HistoricMetrics, RealtimeMetrics } from '../../../domain/metrics.ts';
import type { QueueList } from '../../../domain/queues.ts';
import { request } from '../../lib/api.ts';
import { retryUnlessRefused } from '../../lib/query.ts';

/** The window and queue the Insights screen shows (from its URL). */
export type InsightsWindow = { from: string; to: string; queue: string };

/** Query keys of insights; the account comes first (switching accounts clears them all). */
export const insightsKeys = {
  all: (account: string) => [account, 'insights'] as const,
  historic: (account: string, window: InsightsWindow) => [account, 'insights', 'historic', window] as const,
  realtime: (account: string, queue: string) => [account, 'insights', 'realtime', queue] as const,
  queues: (account: string) => [account, 'insights', 'queues'] as const,
};

export const historicMetricsQuery = (account: string, window: InsightsWindow) =>
  queryOptions({
    queryKey: insightsKeys.historic(account, window),
    queryFn: () => request<HistoricMetrics>('/metrics/historic', { query: { from: window.from, to: window.to, ...(window.queue && { queueId: window.queue }) } }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    retryOnMount: false,
  });

/** How often the live strip asks the contact center again. */
export const realtimeRefreshMs = 5000;

export const realtimeMetricsQuery = (account: string, queue: string) =>
  queryOptions({
    queryKey: insightsKeys.realtime(account, queue),
    queryFn: () => request<RealtimeMetrics>('/metrics/realtime', { query: queue ? { queueId: queue } : {} }),
    refetchInterval: realtimeRefreshMs,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The account's queues, for the queue choice (names by id). */
export const insightsQueuesQuery = (account: string) =>
  queryOptions({
    queryKey: insightsKeys.queues(account),
    queryFn: () => request<QueueList>('/callcenter/queues', { query: { limit: 50 } }),
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });
