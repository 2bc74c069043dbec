/** Columns that many tables share: the common fields of spec §3, soft deletion, raw bytes. */
import { customType, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The common fields of spec §3: set by the server, never editable. */
export const common = {
  accountId: uuid('account_id').notNull(),
  createdTimestamp: timestamp('created_timestamp', { withTimezone: true }).notNull().defaultNow(),
  modifiedTimestamp: timestamp('modified_timestamp', { withTimezone: true }).notNull().defaultNow(),
  createdBy: text('created_by').notNull(),
  modifiedBy: text('modified_by').notNull(),
  /** Optimistic concurrency: an update naming an older version is refused (409). */
  version: integer('version').notNull().default(1),
};

/**
 * Soft delete (issue 9): a deleted record keeps its row (and its associations) for 30 days so it
 * can be restored with the same id; every read leaves it out (`deleted_at is null`).
 */
export const deletion = {
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: text('deleted_by'),
};

export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

