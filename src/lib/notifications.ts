import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { NotificationList } from '../../domain/notifications.ts';
import { selectedAccountIdAtom, store } from '../state/account.ts';
import { useAccountKey } from './account.ts';
import { request } from './api.ts';
import { accessToken } from './auth.ts';
import { retryUnlessRefused } from './query.ts';
import { settings } from './settings.ts';

/**
 * The caller's own notifications, shared by the header's bell and the palette's "Notifications"
 * page (both in the shell, so the data lives here rather than in a feature).
 */
export const notificationKeys = {
  all: (account: string) => [account, 'notifications'] as const,
};

export const notificationListQuery = (account: string) =>
  queryOptions({
    queryKey: notificationKeys.all(account),
    queryFn: () => request<NotificationList>('/notifications/notifications', { query: { limit: 50 } }),
    // Kept fresh by the event stream (useNotificationStream), not by refetching.
    staleTime: Infinity,
    retry: retryUnlessRefused,
  });

/** Mark read, mark all read, delete: each updates the list at once, then re-reads it from the server. */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  const key = notificationKeys.all(account);
  const change = useCallback(
    async (update: (list: NotificationList) => NotificationList, send: () => Promise<unknown>) => {
      const before = queryClient.getQueryData<NotificationList>(key);
      if (before) queryClient.setQueryData<NotificationList>(key, update(before));
      try {
        await send();
      } finally {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the account's
    [queryClient, account],
  );
  const unreadOf = (items: NotificationList['items']) => items.filter((item) => !item.read).length;
  return {
    markRead: (id: string) =>
      change(
        (list) => {
          const items = list.items.map((item) => (item.id === id ? { ...item, read: true } : item));
          return { items, unread: Math.max(0, list.unread - (unreadOf(list.items) - unreadOf(items))) };
        },
        () => request(`/notifications/notifications/${id}`, { method: 'PATCH', body: { read: true } }),
      ),
    markAllRead: () =>
      change(
        (list) => ({ items: list.items.map((item) => ({ ...item, read: true })), unread: 0 }),
        () => request('/notifications/notifications', { method: 'PATCH', body: { read: true } }),
      ),
    remove: (id: string) =>
      change(
        (list) => {
          const gone = list.items.find((item) => item.id === id);
          return { items: list.items.filter((item) => item.id !== id), unread: Math.max(0, list.unread - (gone && !gone.read ? 1 : 0)) };
        },
        () => request(`/notifications/notifications/${id}`, { method: 'DELETE' }),
      ),
  };
}

/**
 * Other events of the same stream (`event: interaction` when a call was added to the account's
 * history, issue 26) go to the screens as they came, as a window event (detail: the event's
 * text), read by `useStreamEvent` (stream-events.ts): a screen listens instead of opening a stream
 * of its own, and what only some screens use stays out of the shell.
 */
export const streamEventName = 'astera:stream';

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * New notifications arrive without a reload: the API's server-sent events
 * (`GET /notifications/stream`) say when the caller's notifications changed, and the list is read
 * again. EventSource cannot send the bearer token, so the stream is read with fetch (the token in
 * the Authorization header, never in a URL that logs keep). The server ends it when the token
 * expires; it is opened again with a fresh token, after a growing pause when it failed.
 */
export function useNotificationStream(enabled: boolean) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let retryMs = RETRY_MIN_MS;
    let timer: number | undefined;
    // A read already under way may have started before the change committed; while the list has no
    // data yet, Query would fold a refetch into it. Cancel it, then read again.
    const refresh = () => {
      const queryKey = notificationKeys.all(account);
      void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
    };

    async function connect() {
      try {
        const token = await accessToken();
        const url = new URL(`${settings.apiBaseUrl}/notifications/stream`, window.location.origin);
        const accountId = store.get(selectedAccountIdAtom);
        if (accountId) url.searchParams.set('accountId', accountId);
        const response = await fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' }, signal: controller.signal });
        // Refused (no grant, signed out): asking again would be refused again.
        if (response.status >= 400 && response.status < 500) return;
        if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          retryMs = RETRY_MIN_MS;
          buffer += value;
          const events = buffer.split(/\r?\n\r?\n/);
          buffer = events.pop() ?? '';
          for (const event of events) {
            if (/^event: notifications$/m.test(event)) refresh();
            else window.dispatchEvent(new CustomEvent(streamEventName, { detail: event }));
          }
        }
      } catch {
        if (controller.signal.aborted) return;
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      }
      if (controller.signal.aborted) return;
      timer = window.setTimeout(() => void connect(), retryMs);
    }
    void connect();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [enabled, account, queryClient]);
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** "2 minutes ago", "yesterday": when a notification came, relative to `now`. */
export function timeAgo(iso: string, now = Date.now()): string {
  let amount = (new Date(iso).getTime() - now) / 1000;
  if (Math.abs(amount) < 45) return 'just now';
  for (const [unit, size] of steps) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return relative.format(Math.round(amount), 'year');
}
