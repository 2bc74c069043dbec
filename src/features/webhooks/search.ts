import { listSearchShape, type ListSearch } from '../../lib/list-search.ts';

/**
 * The URL state of the webhooks list. Loaded with the first screen (a route's URL validation is),
 * so it imports no schema library and no screen.
 */
export const webhookSortColumns = ['url', 'active', 'createdTimestamp'] as const;
export type WebhookSort = (typeof webhookSortColumns)[number];
export type WebhookListSearch = ListSearch<WebhookSort>;
export const webhookListShape = listSearchShape(webhookSortColumns);
