import type { Resource } from './permissions.ts';

// Apart from domain/deleted.ts (its query schema is valibot's): the palette's commands, loaded with
// the first screen, read these, and valibot is not part of what /home loads.

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
  '/teams/teams/{id}',
] as const satisfies readonly Resource[];
