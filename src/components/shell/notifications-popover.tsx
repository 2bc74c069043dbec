import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { messages } from '../../../domain/messages.ts';
import { notificationMessages, type Notification } from '../../../domain/notifications.ts';
import { useAccountKey } from '../../lib/account.ts';
import { notificationListQuery } from '../../lib/notifications.ts';
import { timeAgo, useNotificationActions } from '../../lib/notification-actions.ts';
import { useDateTimeFormat } from '../../lib/format.ts';
import { cn } from '../../lib/cn.ts';
import { useToast } from '../../lib/toast.ts';
import { PopoverContent } from '../ui/popover.tsx';

/**
 * The bell's popover: the caller's notifications, newest first (title, message, when). Opening
 * one marks it read and goes to its jumpPath; "Mark all read"; × deletes one. Escape or a click
 * outside closes it, and focus goes back to the bell (Radix, the bell is its trigger).
 */
export function NotificationsPopover({ onClose }: { onClose(): void }) {
  const account = useAccountKey();
  const list = useQuery(notificationListQuery(account));
  const actions = useNotificationActions();
  const navigate = useNavigate();
  const toast = useToast();
  const formatTime = useDateTimeFormat();
  const failed = () => toast('error', messages.tryAgain);
  const items = list.data?.items ?? [];

  const open = (item: Notification) => {
    if (!item.read) actions.markRead(item.id).catch(failed);
    if (item.jumpPath) {
      onClose();
      void navigate({ href: item.jumpPath });
    }
  };

  return (
    <PopoverContent
      align="end"
      sideOffset={6}
      aria-label="Notifications"
      className="z-50 flex max-h-[min(32rem,calc(100vh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-lg border border-slate-200 bg-white text-slate-900 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-700">
        <h2 className="text-sm font-semibold">Notifications</h2>
        {/* Offered only while something is unread: with nothing to mark there is nothing to offer. */}
        {items.some((item) => !item.read) ? (
          <button
            type="button"
            onClick={(event) => {
              // The button goes once all is read: focus stays in the popover, on the newest notification.
              event.currentTarget.closest('[role="dialog"]')?.querySelector<HTMLButtonElement>('ul button')?.focus();
              void actions.markAllRead().catch(failed);
            }}
            className="rounded px-2 py-1 text-xs font-medium text-brand-800 hover:bg-brand-50 dark:text-brand-200"
          >
            {notificationMessages.markAllRead}
          </button>
        ) : null}
      </div>
      {list.isPending ? (
        <p className="px-3 py-6 text-center text-sm text-slate-600 dark:text-slate-300">Loading…</p>
      ) : list.isError ? (
        <p className="px-3 py-6 text-center text-sm text-slate-600 dark:text-slate-300">{messages.tryAgain}</p>
      ) : items.length === 0 ? (
        <p className="px-3 py-6 text-center text-sm text-slate-600 dark:text-slate-300">{notificationMessages.empty}</p>
      ) : (
        <ul className="overflow-y-auto" aria-label="Notifications list">
          {items.map((item) => (
            <li key={item.id} className={cn('flex items-start gap-1 border-b border-slate-100 last:border-0 dark:border-slate-800', !item.read && 'bg-brand-50/60 dark:bg-slate-800')}>
              <button type="button" onClick={() => open(item)} className="min-w-0 flex-1 px-3 py-2 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800">
                <span className="flex items-center gap-2">
                  {!item.read ? <span className="h-2 w-2 shrink-0 rounded-full bg-brand-600" aria-hidden="true" /> : null}
                  <span className="truncate text-sm font-medium">{item.title}</span>
                  {!item.read ? <span className="sr-only">(unread)</span> : null}
                </span>
                <span className="mt-0.5 block text-sm break-words text-slate-700 dark:text-slate-300">{item.message}</span>
                <time dateTime={item.createdTimestamp} title={formatTime(item.createdTimestamp)} className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">
                  {timeAgo(item.createdTimestamp)}
                </time>
              </button>
              <button
                type="button"
                aria-label={`Delete notification: ${item.title}`}
                onClick={(event) => {
                  // Focus stays in the list: on the next notification's delete button, else the previous one's.
                  const row = event.currentTarget.closest('li');
                  const neighbour = (row?.nextElementSibling ?? row?.previousElementSibling)?.querySelector<HTMLButtonElement>('button[aria-label^="Delete"]');
                  neighbour?.focus();
                  actions.remove(item.id).catch(failed);
                }}
                className="m-1 flex h-8 w-8 shrink-0 items-center justify-center rounded text-slate-600 hover:bg-slate-200 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-700"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </PopoverContent>
  );
}
