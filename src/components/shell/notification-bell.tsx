import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { AccessPolicy } from '../../../domain/api.ts';
import { useAccountKey } from '../../lib/account.ts';
import { notificationListQuery } from '../../lib/notifications.ts';
import { can } from '../../lib/policy.ts';
import { useFirstScreenPainted } from '../../lib/after-paint.ts';
import { cn } from '../../lib/cn.ts';
import { PopoverRoot, PopoverTrigger } from '../ui/popover.tsx';

// The list loads when the bell is first opened: the first screen needs only the bell and its count.
const NotificationsPopover = lazy(() => import('./notifications-popover.tsx').then((m) => ({ default: m.NotificationsPopover })));

/** The accessible name says the count, as the badge shows it: "Notifications, 3 unread". */
export const bellLabel = (unread: number) => (unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`);

/**
 * The header's bell (issue 11): the caller's unread count, and a popover listing their
 * notifications. The count follows the event stream the header keeps open (useNotificationStream).
 */
export function NotificationBell({ policy, className }: { policy: AccessPolicy; className?: string }) {
  const account = useAccountKey();
  const allowed = can(policy, '/notifications/notifications', 'GET');
  const painted = useFirstScreenPainted();
  const list = useQuery({ ...notificationListQuery(account), enabled: allowed && painted });
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  const unread = list.data?.unread ?? 0;
  return (
    <PopoverRoot open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        aria-label={bellLabel(unread)}
        className={cn('relative flex h-9 w-9 items-center justify-center rounded-md text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white', className)}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d="M5 8a5 5 0 0 1 10 0c0 4 1.5 5.5 2 6H3c.5-.5 2-2 2-6Z" />
          <path d="M8.5 16.5a1.6 1.6 0 0 0 3 0" />
        </svg>
        {unread > 0 ? (
          <span aria-hidden="true" data-testid="bell-count" className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[0.65rem] leading-4 font-semibold text-white">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </PopoverTrigger>
      {open ? (
        <Suspense fallback={null}>
          <NotificationsPopover onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </PopoverRoot>
  );
}
