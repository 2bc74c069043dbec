/** Notifications of users. */
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './persons.ts';

/**
 * A user's notifications (spec §3 Notification, issue 11): always one user's own, whatever account
 * they act in. `accountId` is the account the event happened in (tenancy: every row has one);
 * the user's own list spans all of them. Rows are written by the fan-out job
 * (server/notifications/), never by hand; a trigger tells listening processes (channel
 * `astera_notifications`, payload the user's id) so the bell updates without a reload.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.personId, { onDelete: 'cascade' }),
    read: boolean('read').notNull().default(false),
    title: text('title').notNull(),
    message: text('message').notNull(),
    jumpPath: text('jump_path'),
    createdTimestamp: timestamp('created_timestamp', { withTimezone: true }).notNull().defaultNow(),
    // Spec §3's common fields (issue 44, migration 0050): who sent it (the product's own are the
    // Notifications actor's, as the fan-out writes them), and who last marked it read or unread, when.
    createdBy: text('created_by').notNull().default('Notifications'),
    modifiedTimestamp: timestamp('modified_timestamp', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: text('modified_by').notNull().default('Notifications'),
  },
  (t) => [index('notifications_user_created').on(t.userId, t.createdTimestamp, t.id)],
);
