import { defineArea } from '../../area.ts';
import { notifications } from '../../db/schema/index.ts';
import { notificationRoutes } from './index.ts';
import { notificationDocs } from './openapi.ts';

/** Notifications to users, and their stream. */
export const notificationsArea = defineArea({
  name: 'notifications',
  mount: [{ path: '/notifications', app: notificationRoutes }],
  docs: notificationDocs,
  resources: ['/notifications/notifications', '/notifications/notifications/{id}'],
  tables: [notifications],
  // A notification is read only by its recipient; its log entries go to those who may send them.
  audit: { Notification: { resource: '/notifications/notifications', method: 'POST' } },
  grants: { practiceAdministrator: ['/notifications/notifications', '/notifications/notifications/{id}'] },
});
