/**
 * What the lists share: page sizes, sort orders and each list's sortable columns. Kept apart from
 * the entities' schemas so that a list route's URL validation (loaded with the first screen) does
 * not bring every schema along.
 */

/** Table page sizes (spec §2 Lists, §9). */
export const pageSizes = [10, 20, 30, 40, 50] as const;
export type PageSize = (typeof pageSizes)[number];
export const defaultPageSize: PageSize = 10;

export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

export const personSortColumns = ['id', 'name', 'orgRole', 'practitioner', 'user'] as const;
export const userSortColumns = ['id', 'name', 'principalId', 'active'] as const;
export const practitionerSortColumns = ['id', 'name', 'active', 'group', 'specialty'] as const;
export type PersonSort = (typeof personSortColumns)[number];
export type UserSort = (typeof userSortColumns)[number];
export type PractitionerSort = (typeof practitionerSortColumns)[number];

/** Locations (spec §2 Lists: Id, Name; City and Services are ours, from the first address and the services list). */
export const locationSortColumns = ['id', 'name', 'city', 'services'] as const;
export type LocationSort = (typeof locationSortColumns)[number];

/** Roles (spec §2 / issue 10: Id, Name, number of users with the role). */
export const roleSortColumns = ['id', 'name', 'users'] as const;
export type RoleSort = (typeof roleSortColumns)[number];
