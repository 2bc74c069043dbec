import type { PageSize, SortOrder } from '../../../domain/lists.ts';
import { pageSizes, sortOrders } from '../../../domain/lists.ts';
import type { WorkflowItemStatus } from '../../../domain/workflows.ts';
import { listSearchShape, type ListSearch } from '../../lib/list-search.ts';
import { oneOf, searchParams, text, whole } from '../../lib/search-params.ts';

/**
 * The URL state of the workflows list and of a workflow's items table. Loaded with the first screen
 * (a route's URL validation is), so it imports no schema library and no screen: `domain/workflows.ts`
 * only for its types.
 */

/** The columns the workflows list sorts by. */
export const workflowSortColumns = ['title', 'status', 'createdTimestamp'] as const;
export type WorkflowSort = (typeof workflowSortColumns)[number];
export type WorkflowListSearch = ListSearch<WorkflowSort>;
export const workflowListShape = listSearchShape(workflowSortColumns);

/** The columns the items API sorts by (its `sort`). */
export const itemSortColumns = ['created', 'patientName', 'status', 'nextAttempt'] as const;
export type ItemSort = (typeof itemSortColumns)[number];

/** A workflow's items table: its URL state, and the status filter ('' for every status). */
export type ItemListSearch = { page: number; size: PageSize; sort: ItemSort; order: SortOrder; q: string; status: WorkflowItemStatus | '' };

/** Newest first. */
export const itemSearchDefaults: ItemListSearch = { page: 1, size: 10, sort: 'created', order: 'desc', q: '', status: '' };

/** Spec §4's item statuses (domain/workflows.ts `workflowItemStatuses`, which brings valibot with it). */
const itemStatuses = ['RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED', ''] as const satisfies readonly (WorkflowItemStatus | '')[];

/** The items table's state, and `add` while Add Workflow Item is open: `item` by its button, `palette` by "Start workflow" (the item's source). */
export const workflowPageSearch = searchParams({
  page: whole(1, 1),
  size: oneOf(pageSizes, itemSearchDefaults.size),
  sort: oneOf(itemSortColumns, itemSearchDefaults.sort),
  order: oneOf(sortOrders, itemSearchDefaults.order),
  q: text(100),
  status: oneOf(itemStatuses, ''),
  add: oneOf(['item', 'palette', ''] as const, ''),
});
export const workflowPageDefaults = { ...itemSearchDefaults, add: '' } as const;
