import * as v from 'valibot';
import type { Notification, NotificationList } from '../../../domain/notifications.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, dateTime, example, uuid } from '../../openapi/schemas.ts';

/** Notifications (server/routes/notifications/index.ts): their answers, with examples. Always the caller's own. */

const notificationAnswer = answerOf<Notification>()(
  v.object({
    resourceType: v.literal('Notification'),
    id: uuid,
    accountId: v.pipe(uuid, v.description('The account the event happened in.')),
    createdTimestamp: dateTime,
    modifiedTimestamp: v.pipe(dateTime, v.description('When it was last marked read or unread (else when it was made).')),
    createdBy: v.pipe(v.string(), v.description('Who sent it: the caller who POSTed it, or `Notifications` for the product’s own.')),
    modifiedBy: v.pipe(v.string(), v.description('Who last marked it read or unread (its recipient), else its sender.')),
    userId: v.pipe(uuid, v.description('The user it is for (their person id).')),
    read: v.boolean(),
    title: v.string(),
    message: v.pipe(v.string(), v.description('Text, never HTML.')),
    jumpPath: v.pipe(v.nullable(v.string()), v.description('Where opening it goes in the portal (a path of the portal), or null.')),
  }),
);

const notificationListAnswer = answerOf<NotificationList>()(
  v.object({
    items: v.pipe(v.array(notificationAnswer), v.description('The caller’s own, newest first.')),
    unread: v.pipe(v.number(), v.integer(), v.description('How many of all the caller’s are unread.')),
  }),
);

const markAllAnswer = answerOf<{ updated: number }>()(v.object({ updated: v.pipe(v.number(), v.integer(), v.description('How many changed.')) }));

const notification: Notification = {
  resourceType: 'Notification',
  id: example.id,
  accountId: example.accountId,
  createdTimestamp: example.time,
  modifiedTimestamp: example.time,
  createdBy: example.actor,
  modifiedBy: example.actor,
  userId: example.otherId,
  read: false,
  title: 'Callback list ready',
  message: 'Twelve patients are waiting for a callback.',
  jumpPath: '/practice/persons',
};

export const notificationDocs = areaDocs({
  'GET /notifications/stream': {
    summary: "The signed-in user's notifications, pushed as they come",
    description: 'Server-sent events (`text/event-stream`): `notifications` with the unread count, `interaction` when a call arrives.',
    media: 'text/event-stream',
  },
  'GET /notifications/notifications': {
    summary: 'List your notifications',
    answer: notificationListAnswer,
    queryExample: { unread: 'true', limit: '50' },
    answerExample: { items: [notification], unread: 1 },
  },
  'POST /notifications/notifications': {
    summary: 'Send a notification',
    description: 'To a user of the account acted in (`userId`), or to the caller when absent. Made at once: 201 with the notification, which reaches the user’s open bells as it commits.',
    status: 201,
    answer: notificationAnswer,
    requestExample: { userId: example.otherId, title: 'Callback list ready', message: 'Twelve patients are waiting for a callback.', jumpPath: '/practice/persons' },
    answerExample: notification,
  },
  'PATCH /notifications/notifications': {
    summary: 'Mark all your notifications read (or unread)',
    answer: markAllAnswer,
    requestExample: { read: true },
    answerExample: { updated: 3 },
  },
  'GET /notifications/notifications/:id': { summary: 'Read one of your notifications', answer: notificationAnswer, answerExample: notification },
  'PATCH /notifications/notifications/:id': {
    summary: 'Mark a notification read or unread',
    description: 'Only `read` changes; not versioned (it is set, never toggled).',
    answer: notificationAnswer,
    requestExample: { read: true },
    answerExample: { ...notification, read: true, modifiedTimestamp: example.later },
  },
  'DELETE /notifications/notifications/:id': { summary: 'Delete one of your notifications', status: 204 },
});
