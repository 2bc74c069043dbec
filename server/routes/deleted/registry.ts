import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Resource } from '../../../domain/permissions.ts';
import { contactPointDeleted } from '../contact-points/index.ts';
import { insuranceDeleted } from '../insurances/index.ts';
import { issueDeleted } from '../issues/index.ts';
import { locationDeleted } from '../locations/index.ts';
import { scheduleDeleted } from '../schedules/index.ts';

/**
 * One soft-deletable entity type, as its route module exports it (`<entity>Deleted`): its table
 * (with `id`, `account_id`, `deleted_at`, `deleted_by`), the column that names a record, the
 * catalogue resource whose DELETE grant lets a caller see and restore them, the record's screen
 * and its restore path.
 */
export type DeletedDescriptor = {
  resourceType: string;
  table: PgTable & { id: AnyPgColumn; accountId: AnyPgColumn; deletedAt: AnyPgColumn; deletedBy: AnyPgColumn };
  nameColumn: AnyPgColumn;
  resource: Resource;
  path: (id: string) => string;
  restorePath: (id: string) => string;
};

/** Every type "Recently deleted" lists: each area adds its descriptor here, one line. */
export const deletedRegistry: DeletedDescriptor[] = [
  contactPointDeleted,
  locationDeleted,
  issueDeleted,
  insuranceDeleted,
  scheduleDeleted,
];
