import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Issue, IssueCreate, IssueList, IssuePatch, IssueSort } from '../../../domain/issues.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { toListQuery, type ListSearch } from '../../lib/list-search.ts';
import { retryUnlessRefused } from '../../lib/query.ts';
import { searchKeys } from '../../lib/search-keys.ts';
import type { SoftDeleteTarget } from '../../lib/soft-delete.ts';

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

/** What Delete and its Undo need (see lib/soft-delete.ts): the paths, the toast's name, and the queries showing the issue. */
export const issueDeleteTarget = (account: string, { id, name }: { id: string; name: string }): SoftDeleteTarget => ({
  path: path(id),
  restorePath: `${path(id)}/restore`,
  kind: 'Issue',
  name,
  invalidate: [issueKeys.lists(account), issueKeys.detail(account, id), searchKeys.all(account)],
});
