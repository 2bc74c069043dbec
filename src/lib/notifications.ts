import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NotificationList } from '../../domain/notifications.ts';
import { useAccountKey } from './account.ts';
import { request } from './api.ts';
import { retryUnlessRefused } from './query.ts';

/**
 * The caller's own notifications, shared by the header's bell and the palette's "Notifications"
 * page (both in the shell, so the data lives here rather than in a feature). What the first screen
 * does not run waits in modules of its own: the stream (notification-stream.ts, loaded once the
 * shell is shown) and the popover's and palette's actions (notification-actions.ts).
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

/**
 * New notifications arrive without a reload: the shell keeps the account's event stream open
 * (notification-stream.ts, loaded after the first screen is shown, since nothing can arrive before
 * it is open) and reads the list again when it says the notifications changed.
 */
export function useNotificationStream(enabled: boolean) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  useEffect(() => {
    if (!enabled) return;
    let closed = false;
    let close: (() => void) | undefined;
    void import('./notification-stream.ts').then(({ openNotificationStream }) => {
      if (!closed) close = openNotificationStream(() => refreshNotifications(queryClient, account));
    });
    return () => {
      closed = true;
      close?.();
    };
  }, [enabled, account, queryClient]);
}

/**
 * A read already under way may have started before the change committed; while the list has no
 * data yet, Query would fold a refetch into it. Cancel it, then read again.
 */
function refreshNotifications(queryClient: ReturnType<typeof useQueryClient>, account: string) {
  const queryKey = notificationKeys.all(account);
  void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
}
