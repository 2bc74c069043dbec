import { and, gt, isNotNull, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { restoreDays } from '../domain/deleted.ts';
import type { Resource } from '../domain/permissions.ts';

/**
 * Soft delete (issue 9), the same for every entity: a table with `deleted_at`/`deleted_by`
 * (server/db/schema.ts `deletion`). These are the pieces each area's routes use.
 */
type SoftDeletable = { deletedAt: AnyColumn; deletedBy: AnyColumn };

/** Rows not deleted: every read (list, get, search, lookups, the other side's associations). */
export const live = (table: SoftDeletable) => isNull(table.deletedAt);

const restoreWindow = sql.raw(`interval '${restoreDays} days'`);

/** Rows deleted within the restore window (older ones are gone for good, as far as anyone can tell). */
export const restorable = (table: SoftDeletable) => and(isNotNull(table.deletedAt), gt(table.deletedAt, sql`now() - ${restoreWindow}`));

/** The values a DELETE sets (with `touched`, which bumps the version). */
export const deletedBy = (actorName: string) => ({ deletedAt: sql`now()`, deletedBy: actorName });

/** The values a restore sets (with `touched`). */
export const undeleted = { deletedAt: null, deletedBy: null } as const;

/**
 * One soft-deletable entity type as "Recently deleted" (server/routes/deleted) lists it, exported
 * by its route module (`<entity>Deleted`): its table (with `id`, `account_id`, `deleted_at`,
 * `deleted_by`), what names a record, the catalogue resource whose DELETE grant lets a caller see
 * and restore them, the record's screen and its restore path.
 */
export type DeletedDescriptor = {
  resourceType: string;
  table: PgTable & { id: AnyPgColumn; accountId: AnyPgColumn; deletedAt: AnyPgColumn; deletedBy: AnyPgColumn };
  /** A column, or an expression over the row (a tag is "key: value on <record>"). */
  nameColumn: AnyPgColumn | SQL<string>;
  /** Further columns the paths need (a task's schedule), passed to them as text. */
  refs?: Record<string, AnyPgColumn>;
  /** When a deleted record is listed at all (say, only while what it belongs to is live); every deleted one when absent. */
  listed?: (accountId: string, mayRead: (resource: Resource) => boolean) => SQL | undefined;
  resource: Resource;
  path: (id: string, refs: Record<string, string | undefined>) => string;
  restorePath: (id: string, refs: Record<string, string | undefined>) => string;
};
