/**
 * The contact points list's sort columns, apart from the rest of `contact-points.ts`: the list's
 * route validates its search with them when the app starts, and `contact-points.ts` brings the
 * phone library (libphonenumber-js), which the first screen does not need.
 */
export const contactPointSortColumns = ['id', 'name', 'value', 'vip', 'serviceProvider', 'systemType', 'rank'] as const;
export type ContactPointSort = (typeof contactPointSortColumns)[number];
