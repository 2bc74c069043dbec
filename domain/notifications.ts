/**
 * Notifications (spec §3 Notification, §7 `/notifications/notifications`; issue 11): what tells a
 * user that something happened. A notification is always one user's own: the API lists and
 * changes only the caller's, whatever account they act in. Shared by the API (validation) and
 * the SPA (the bell, the palette page).
 */
import * as v from 'valibot';
import type { CommonFields } from './records.ts';
import { flag, objectWith } from './catalogue.ts';
import { isPortalPath } from './portal-path.ts';
import { requiredText, text } from './text.ts';

export const notificationLimits = { title: 200, message: 2000, jumpPath: 1000 } as const;
/** The bell and the palette page show the newest ones; older ones stay until deleted. */
export const notificationListLimits = { default: 50, max: 100 } as const;

export const notificationMessages = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${notificationLimits.title} characters`,
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${notificationLimits.message} characters`,
  jumpPathInvalid: 'Jump path must be a path of the portal, starting with a single /',
  userIdInvalid: 'User must be a user of this account',
  readRequired: 'Read is required',
  /** The bell's and the palette page's empty state. */
  empty: 'No notifications',
  markAllRead: 'Mark all read',
} as const;

/**
 * A path inside the portal (`/system/roles/…`): never another origin (`//evil.test`, `https:`),
 * never a script, so opening it can only navigate within the SPA.
 */
const jumpPathField = v.nullable(
  v.pipe(
    text(notificationLimits.jumpPath, notificationMessages.jumpPathInvalid, notificationMessages.jumpPathInvalid),
    v.check(isPortalPath, notificationMessages.jumpPathInvalid),
  ),
);

/**
 * `POST /notifications/notifications`: a user who may POST sends a notification to a user of the
 * account they act in (`userId`), or to themselves when `userId` is absent. It is made at once
 * (201 with the notification) and reaches the user's open bells when the write commits.
 */
export const notificationCreateSchema = objectWith(
  {
    userId: v.optional(v.pipe(v.string(notificationMessages.userIdInvalid), v.uuid(notificationMessages.userIdInvalid), v.toLowerCase())),
    title: requiredText(notificationLimits.title, notificationMessages.titleRequired, notificationMessages.titleTooLong),
    message: requiredText(notificationLimits.message, notificationMessages.messageRequired, notificationMessages.messageTooLong),
    jumpPath: v.optional(jumpPathField, null),
  },
  { title: notificationMessages.titleRequired, message: notificationMessages.messageRequired },
);
export type NotificationCreate = v.InferInput<typeof notificationCreateSchema>;

/**
 * `PATCH /notifications/notifications/{id}`: only `read` changes. Not versioned: the one field is
 * set to a value (not toggled), so a repeated or crossing PATCH cannot lose anything.
 */
export const notificationPatchSchema = objectWith({ read: flag('read') }, { read: notificationMessages.readRequired });
export type NotificationPatch = v.InferInput<typeof notificationPatchSchema>;

/** `GET /notifications/notifications?unread=true&limit=50`. */
export const notificationListQuerySchema = v.object({
  unread: v.fallback(v.optional(v.pipe(v.picklist(['true', 'false']), v.transform((s) => s === 'true')), 'false'), false),
  limit: v.fallback(
    v.optional(
      v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(notificationListLimits.max)),
      String(notificationListLimits.default),
    ),
    notificationListLimits.default,
  ),
});

/** Spec §3 Notification with the common fields (but `version`: only `read` changes, set to a value, never versioned). */
export type Notification = Omit<CommonFields, 'version'> & {
  resourceType: 'Notification';
  userId: string;
  /** The account the event happened in. */
  accountId: string;
  read: boolean;
  title: string;
  message: string;
  jumpPath: string | null;
  /** Who sent it: the caller who POSTed it, or `Notifications` (the product's own, written by its fan-out). */
  createdBy: string;
  /** Who last marked it read or unread (its recipient), else its sender. */
  modifiedBy: string;
};

/** `GET /notifications/notifications`: the newest first, and how many of all the caller's are unread. */
export type NotificationList = { items: Notification[]; unread: number };

/**
 * What every role holds on notifications (issue 11: they are always the caller's own): read them,
 * mark them read, delete them. Sending one (POST) is for roles that manage users.
 */
export const ownNotificationGrants = {
  '/notifications/notifications': { GET: true },
  '/notifications/notifications/{id}': { GET: true, PATCH: true, DELETE: true },
} as const satisfies Record<string, Record<string, true>>;
