import { and, gt, isNotNull, isNull, sql, type AnyColumn } from 'drizzle-orm';
import { restoreDays } from '../domain/deleted.ts';

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
