/** Web chat (issue 42): a practice's widget settings, its patients' conversations and their messages. */
import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * A practice's web chat: whether it is on, the sites (origins) that may frame its widget, and the
 * widget's id (128 random bits) that the snippet carries. One row per account, made when first saved.
 */
export const webChatSettings = pgTable(
  'web_chat_settings',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    widgetId: text('widget_id').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    sites: jsonb('sites').$type<string[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    modifiedTimestamp: timestamp('modified_timestamp', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: text('modified_by').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId] }),
    uniqueIndex('web_chat_settings_account_widget').on(t.accountId, t.widgetId),
    // The widget's page knows the widget's id alone.
    index('web_chat_settings_widget').on(t.widgetId),
  ],
);

/**
 * One patient's conversation: an interaction of the call history (`interaction_id`), read by the
 * widget with its id and token (the token's SHA-256 is kept, never the token). `last_seq` is the
 * number of its last message: messages are numbered 1, 2, … under the conversation's row lock.
 */
export const webChats = pgTable(
  'web_chats',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    tokenHash: text('token_hash').notNull(),
    interactionId: uuid('interaction_id').notNull(),
    visitorName: text('visitor_name'),
    lastSeq: integer('last_seq').notNull().default(0),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: text('ended_by'),
    createdTimestamp: timestamp('created_timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex('web_chats_account_interaction').on(t.accountId, t.interactionId),
    // The widget knows the conversation's id alone.
    index('web_chats_id').on(t.id),
    index('web_chats_account_created').on(t.accountId, t.createdTimestamp),
  ],
);

/** A conversation's messages, numbered from 1 (`seq`): the widget and the staff page read those after the last they have. */
export const webChatMessages = pgTable(
  'web_chat_messages',
  {
    accountId: uuid('account_id').notNull(),
    chatId: text('chat_id').notNull(),
    seq: integer('seq').notNull(),
    sender: text('sender').$type<'patient' | 'staff' | 'system'>().notNull(),
    senderName: text('sender_name'),
    text: text('text').notNull(),
    createdTimestamp: timestamp('created_timestamp', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.chatId, t.seq] }),
    foreignKey({ columns: [t.accountId, t.chatId], foreignColumns: [webChats.accountId, webChats.id] }).onDelete('cascade'),
  ],
);
