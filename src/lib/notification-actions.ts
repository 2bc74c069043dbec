import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { NotificationList } from '../../domain/notifications.ts';
import { useAccountKey } from './account.ts';
import { request } from './api.ts';
import { notificationKeys } from './notifications.ts';

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
 * Made on first use, not when the module loads: building an `Intl` formatter loads the locale's
 * data, a long task (about 55 ms at a phone's CPU speed) that the idle prefetch of this module
 * put in the middle of the first screen's load. The bell and the palette need it only once open.
 */
let relativeFormat: Intl.RelativeTimeFormat | undefined;
const relative = () => (relativeFormat ??= new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }));
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
    if (Math.abs(amount) < size) return relative().format(Math.round(amount), unit);
    amount /= size;
  }
  return relative().format(Math.round(amount), 'year');
}
