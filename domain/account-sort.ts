/**
 * The accounts list's sort columns, apart from the rest of `accounts.ts`: the list's route
 * validates its search with them when the app starts, and `accounts.ts` brings the schemas of
 * persons, roles, queues and schedules, which the first screen does not need.
 */
export const accountSortColumns = ['name', 'id', 'abbreviation', 'active'] as const;
export type AccountSort = (typeof accountSortColumns)[number];
