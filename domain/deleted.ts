import * as v from 'valibot';
import type { Resource } from './permissions.ts';
import { wholeNumber } from './query.ts';

/** How long a deleted record can be restored (issue 9: "Recently deleted" lists the last 30 days). */
export const restoreDays = 30;

/**
 * The catalogue resources of the soft-deletable records: DELETE on one lets a role see and restore
 * that kind in "Recently deleted" (schedules and their tasks share one; the server's registry, server/routes/deleted/registry.ts, is
 * checked against this list by its test).
 */
export const restorableResources = [
  '/contactpoints/contact-points/{id}',
  '/locations/locations/{id}',
  '/issues/{id}',
  '/insurances/{id}',
  '/schedule/schedule/{id}',
  '/tag/{id}',
  '/interactions/interactions',
] as const satisfies readonly Resource[];

/** `GET /deleted?limit=`: at most 100 entries, 50 unless asked. */
export const deletedListQuerySchema = v.object({
  limit: v.fallback(wholeNumber(1, 100), 50),
});

/** One record of the account deleted in the last 30 days, of any soft-deletable type. */
export type DeletedEntry = {
  resourceType: string;
  id: string;
  name: string;
  deletedAt: string;
  deletedBy: string;
  /** The record's screen in the SPA, once restored. */
  path: string;
  /** `POST` here restores it. */
  restorePath: string;
};

/** Newest first. */
export type DeletedList = { items: DeletedEntry[] };
