import type { Issue, IssueCreate, IssueList, IssuePatch, IssueSort } from '../../../domain/issues.ts';
import type { ListSearch } from '../../lib/list-search.ts';
import { recordQueries } from '../../lib/record-queries.ts';

/** The list's URL state; `tag` filters by tag (`key` or `key:value`). */
export type IssueListSearch = ListSearch<IssueSort> & { tag: string };

const issues = recordQueries<Issue, IssueList, IssueListSearch, IssueCreate, IssuePatch>({ area: 'issues', collection: '/issues', searched: true });

/** Query keys of issues; the account comes first (switching accounts clears them all). */
export const issueKeys = issues.keys;
export const issueListQuery = issues.listQuery;
export const issueQuery = issues.recordQuery;
export const useCreateIssue = issues.useCreate;
export const useUpdateIssue = issues.useUpdate;
export const issueDeleteTarget = issues.deleteTarget('Issue');
