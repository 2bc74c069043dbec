import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Workflow, WorkflowCreate, WorkflowItem, WorkflowItemCreate, WorkflowItemDetail, WorkflowPatch } from '../../../domain/workflows.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { retryUnlessRefused } from '../../lib/query.ts';
import type { ItemListSearch, WorkflowListSearch, WorkflowSort } from './search.ts';

/** Query keys of workflows and their items; the account comes first (switching accounts clears them all). */
export const workflowKeys = {
  all: (account: string) => [account, 'workflows'] as const,
  lists: (account: string) => [account, 'workflows', 'list'] as const,
  list: (account: string, query: object) => [account, 'workflows', 'list', query] as const,
  detail: (account: string, id: string) => [account, 'workflows', 'detail', id] as const,
  items: (account: string, id: string) => [account, 'workflows', 'detail', id, 'items'] as const,
  itemList: (account: string, id: string, query: object) => [account, 'workflows', 'detail', id, 'items', query] as const,
  item: (account: string, itemId: string) => [account, 'workflows', 'item', itemId] as const,
};

const collection = '/task-workflows/workflows';
const path = (id: string) => `${collection}/${encodeURIComponent(id)}`;
const itemPath = (itemId: string) => `/task-workflows/items/${encodeURIComponent(itemId)}`;

type WorkflowList = { items: Workflow[]; total: number };
/** One page of a workflow's items, as the items API answers it. */
type WorkflowItemList = { items: WorkflowItem[]; total: number; limit: number; offset: number };

const byTitle = (a: Workflow, b: Workflow) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id);
const sorters: Record<WorkflowSort, (a: Workflow, b: Workflow) => number> = {
  title: byTitle,
  status: (a, b) => a.status.localeCompare(b.status) || byTitle(a, b),
  createdTimestamp: (a, b) => a.createdTimestamp.localeCompare(b.createdTimestamp) || byTitle(a, b),
};

/**
 * One page of the workflows list. The API answers a practice's workflows whole (a practice has
 * tens of them, never thousands), so the filter, the order and the page are the list's own here,
 * read from the URL as every list's are.
 */
export const workflowListQuery = (account: string, search: WorkflowListSearch) => {
  const query = { page: search.page, limit: search.size, sort: search.sort, order: search.order, q: search.q.trim() };
  return queryOptions({
    queryKey: workflowKeys.list(account, query),
    queryFn: async (): Promise<WorkflowList> => {
      const { items } = await request<{ items: Workflow[] }>(collection);
      const q = query.q.toLowerCase();
      const matching = q ? items.filter((w) => [w.title, w.description, w.id].some((text) => text.toLowerCase().includes(q))) : items;
      const sorted = [...matching].sort(sorters[query.sort]);
      if (query.order === 'desc') sorted.reverse();
      const start = (query.page - 1) * query.limit;
      return { items: sorted.slice(start, start + query.limit), total: matching.length };
    },
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    retryOnMount: false,
  });
};

export const workflowQuery = (account: string, id: string) =>
  queryOptions({ queryKey: workflowKeys.detail(account, id), queryFn: () => request<Workflow>(path(id)), retry: retryUnlessRefused, retryOnMount: false });

export const itemListQuery = (account: string, workflowId: string, search: ItemListSearch) => {
  const query = {
    page: search.page,
    limit: search.size,
    sort: search.sort,
    order: search.order,
    ...(search.q.trim() ? { q: search.q.trim() } : {}),
    ...(search.status ? { status: search.status } : {}),
  };
  return queryOptions({
    queryKey: workflowKeys.itemList(account, workflowId, query),
    queryFn: () => request<WorkflowItemList>(`${path(workflowId)}/items`, { query }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    retryOnMount: false,
    // The runner moves running items on its own: the page shown follows them while one is about to act (due within a minute, or a send in flight).
    refetchInterval: (q) => (q.state.data?.items.some(actsSoon) ? RUNNING_REFRESH_MS : false),
  });
};

/** How often a workflow's items read again while one of them is about to act (the runner moves them; nothing is pushed yet). */
const RUNNING_REFRESH_MS = 3_000;

/** A running item that acts within a minute: due soon, or a send awaiting its outcome (not one held back for hours or days). */
const actsSoon = (item: WorkflowItem) => item.status === 'RUNNING' && !item.heldReason && (!item.nextAttemptAt || Date.parse(item.nextAttemptAt) - Date.now() < 60_000);

/**
 * An item with its timeline. While it runs, its page reads it again: soon after its next attempt
 * falls due, every 2 s while a send awaits its outcome, every 30 s at most otherwise. The runner's
 * sends and the carrier's outcomes show without a reload.
 */
export const itemQuery = (account: string, itemId: string) =>
  queryOptions({
    queryKey: workflowKeys.item(account, itemId),
    queryFn: () => request<WorkflowItemDetail>(itemPath(itemId)),
    retry: retryUnlessRefused,
    retryOnMount: false,
    refetchInterval: (query) => {
      const item = query.state.data;
      if (!item || item.status !== 'RUNNING') return false;
      // No attempt planned: a send is under way (its outcome comes in seconds), or the item is held (checked now and then).
      if (!item.nextAttemptAt) return item.heldReason ? 30_000 : 2_000;
      return Math.min(30_000, Math.max(2_000, Date.parse(item.nextAttemptAt) - Date.now() + 1_000));
    },
  });

export function useCreateWorkflow() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: WorkflowCreate) => request<Workflow>(collection, { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: workflowKeys.lists(account) }),
  });
}

export function useUpdateWorkflow(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: WorkflowPatch) => request<Workflow>(path(id), { method: 'PATCH', body }),
    onSuccess: (workflow) => {
      queryClient.setQueryData(workflowKeys.detail(account, id), workflow);
      void queryClient.invalidateQueries({ queryKey: workflowKeys.lists(account) });
    },
  });
}

/**
 * Adds one item (a patient) to a workflow, and with `start` starts it at once (a manual workflow's
 * item, added by "Start workflow"): its items and the workflow's counts are read again.
 */
export function useCreateItem(workflowId: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: async ({ body, start = false }: { body: WorkflowItemCreate; start?: boolean }) => {
      const item = await request<WorkflowItem>(`${path(workflowId)}/items`, { method: 'POST', body });
      if (!start) return { item, started: false };
      // The item is added whatever the start answers: a failed start must not invite a second add.
      try {
        return { item: await request<WorkflowItem>(`${itemPath(item.id)}/start`, { method: 'POST' }), started: true };
      } catch {
        return { item, started: false };
      }
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: workflowKeys.items(account, workflowId) });
      void queryClient.invalidateQueries({ queryKey: workflowKeys.detail(account, workflowId), exact: true });
      void queryClient.invalidateQueries({ queryKey: workflowKeys.lists(account) });
    },
  });
}

/** Aborts, retries or starts (a manual workflow's waiting item) one item. */
export function useItemAction(itemId: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (action: 'abort' | 'retry' | 'start') => request<WorkflowItem>(`${itemPath(itemId)}/${action}`, { method: 'POST' }),
    onSuccess: (item) => {
      // Shown at once (the page's buttons are the new status's when the focus moves to them); the timeline is read again.
      queryClient.setQueryData<WorkflowItemDetail>(workflowKeys.item(account, itemId), (old) => (old ? { ...old, ...item } : old));
      void queryClient.invalidateQueries({ queryKey: workflowKeys.item(account, itemId) });
      void queryClient.invalidateQueries({ queryKey: workflowKeys.items(account, item.taskWorkflowId) });
      void queryClient.invalidateQueries({ queryKey: workflowKeys.detail(account, item.taskWorkflowId), exact: true });
      void queryClient.invalidateQueries({ queryKey: workflowKeys.lists(account) });
    },
  });
}

/** Aborts or retries every item of a workflow matching the table's filter (its status and text); answers how many changed. */
export function useBulkItemAction(workflowId: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: ({ action, filter }: { action: 'abort' | 'retry'; filter: { status?: string; q?: string } }) =>
      request<{ changed: number }>(`${path(workflowId)}/items/${action}`, { method: 'POST', body: filter }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: workflowKeys.items(account, workflowId) });
      void queryClient.invalidateQueries({ queryKey: workflowKeys.detail(account, workflowId), exact: true });
      void queryClient.invalidateQueries({ queryKey: workflowKeys.lists(account) });
    },
  });
}
