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

/** Issues (spec §2 Lists). */
export const issueSortColumns = ['id', 'name', 'category', 'urgent', 'active'] as const;

/** Insurance plans: `name` sorts by the plan name. */
export const insuranceSortColumns = ['id', 'name', 'isInNetwork', 'isReferralRequired', 'isAuthorizationRequired', 'isSecondaryOnly'] as const;

/** Practice teams (issue 26): `name` sorts by the team's name. */
export const practiceTeamSortColumns = ['id', 'name', 'type', 'affiliation', 'memberCount', 'isViewable', 'isSchedulable'] as const;

/** Call-center queues. */
export const queueSortColumns = ['name', 'id', 'dispositions'] as const;

/** API keys. */
export const apiKeySortColumns = ['name', 'active', 'role', 'lastUsedAt', 'id'] as const;

/** Survey campaigns. */
export const campaignSortColumns = ['name', 'status', 'startTimestamp', 'endTimestamp', 'requestCount', 'reachedCount', 'completedCount', 'responseCount'] as const;

/** A campaign's survey responses. */
export const surveySortColumns = ['endTimestamp', 'startTimestamp', 'externalId', 'externalUser', 'answer'] as const;

/** Microsoft Teams users ('name' is the display name). */
export const teamsUserSortColumns = ['name', 'jobTitle', 'id', 'teamsBotInstalled'] as const;

/** Microsoft Teams teams. */
export const teamSortColumns = ['name', 'description', 'botInstalled'] as const;

/** Masked calls (in the browser: the API answers a practice's sessions in one list, newest first). */
export const maskedCallSortColumns = ['createdTimestamp', 'expiresAt'] as const;
export type MaskedCallSort = (typeof maskedCallSortColumns)[number];
