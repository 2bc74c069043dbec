import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Issue, IssueCreate, IssueList, IssuePatch, IssueSort } from '../../../domain/issues.ts';
import { messages } from '../../../domain/messages.ts';
import { useToast } from '../../components/ui/toast.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { ApiRequestError, request } from '../../lib/api.ts';
import { toListQuery, type ListSearch } from '../../lib/list-search.ts';
import { retryUnlessRefused } from '../../lib/query.ts';
import { searchKeys } from '../../lib/search-keys.ts';

/** The list's URL state; `tag` filters by tag (`key` or `key:value`). */
export type IssueListSearch = ListSearch<IssueSort> & { tag: string };

/** Query keys of issues; the account comes first (switching accounts clears them all). */
export const issueKeys = {
  all: (account: string) => [account, 'issues'] as const,
  lists: (account: string) => [account, 'issues', 'list'] as const,
  list: (account: string, query: object) => [account, 'issues', 'list', query] as const,
  detail: (account: string, id: string) => [account, 'issues', 'detail', id] as const,
};

const path = (id: string) => `/issues/${encodeURIComponent(id)}`;

export const issueListQuery = (account: string, search: IssueListSearch) => {
  const query = toListQuery(search);
  return queryOptions({
    queryKey: issueKeys.list(account, query),
    queryFn: () => request<IssueList>('/issues', { query }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    retryOnMount: false,
  });
};

export const issueQuery = (account: string, id: string) =>
  queryOptions({ queryKey: issueKeys.detail(account, id), queryFn: () => request<Issue>(path(id)), retry: retryUnlessRefused, retryOnMount: false });

export function useCreateIssue() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: IssueCreate) => request<{ id: string }>('/issues', { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: issueKeys.lists(account) });
      void queryClient.invalidateQueries({ queryKey: searchKeys.all(account) });
    },
  });
}

export function useUpdateIssue(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: IssuePatch) => request<Issue>(path(id), { method: 'PATCH', body }),
    onSuccess: (issue) => {
      queryClient.setQueryData(issueKeys.detail(account, id), issue);
      void queryClient.invalidateQueries({ queryKey: issueKeys.lists(account) });
      void queryClient.invalidateQueries({ queryKey: searchKeys.all(account) });
    },
  });
}

/**
 * Deleting is soft: the toast offers Undo, which restores the same issue. Neither asks for
 * confirmation first (Undo makes a slip harmless). Undo runs after the screen that deleted may
 * have gone (the detail screen returns to the list), so it is a plain function, not a mutation
 * bound to that screen.
 */
export function useDeleteIssue() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  const toast = useToast();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: issueKeys.lists(account) });
    void queryClient.invalidateQueries({ queryKey: searchKeys.all(account) });
  }, [queryClient, account]);
  const restore = useCallback(
    async (issue: { id: string; name: string }) => {
      try {
        const restored = await request<Issue>(`${path(issue.id)}/restore`, { method: 'POST' });
        queryClient.setQueryData(issueKeys.detail(account, issue.id), restored);
        refresh();
        toast('success', `Issue “${restored.name}” restored`);
      } catch (error) {
        toast('error', error instanceof ApiRequestError ? error.message : messages.serverError);
      }
    },
    [queryClient, account, refresh, toast],
  );
  return useMutation({
    mutationFn: (issue: { id: string; name: string }) => request<null>(path(issue.id), { method: 'DELETE' }),
    onSuccess: (_answer, issue) => {
      queryClient.removeQueries({ queryKey: issueKeys.detail(account, issue.id) });
      refresh();
      toast('success', `Issue “${issue.name}” deleted`, { action: { label: 'Undo', run: () => void restore(issue) } });
    },
    onError: (error) => toast('error', error instanceof ApiRequestError ? error.message : messages.serverError),
  });
}
