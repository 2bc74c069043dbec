import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { issueSortColumns } from '../../../../../domain/lists.ts';
import { IssuesListScreen } from '../../../../features/issues/issues-list-screen.tsx';
import { issueListQuery, type IssueListSearch } from '../../../../features/issues/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchShape, tagSearchDefault, tagSearchParam } from '../../../../lib/list-search.ts';
import { TagFilter } from '../../../../features/tags/tag-filter.tsx';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';
import { searchParams } from '../../../../lib/search-params.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/issues', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/issues/')({
  beforeLoad: requirePermission(requires, 'see issues'),
  errorComponent: RouteError,
  validateSearch: searchParams({ ...listSearchShape(issueSortColumns), tag: tagSearchParam }),
  search: { middlewares: [stripSearchParams({ ...listSearchDefaults, ...tagSearchDefault })] },
  loaderDeps: ({ search: { page, size, sort, order, q, tag } }) => ({ page, size, sort, order, q, tag }),
  // A failed prefetch is not the route's failure: the screen shows the error with Retry.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(issueListQuery(currentAccountKey(), deps)).catch(deniedOr(requires, 'see issues')),
  component: function IssuesRoute() {
    const { page, size, sort, order, q, tag } = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<IssueListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return (
      <IssuesListScreen
        search={{ page, size, sort, order, q, tag }}
        onSearchChange={handleSearchChange}
        filters={<TagFilter noun="issues" value={tag} onValueChange={(value) => handleSearchChange({ tag: value, page: 1 })} />}
      />
    );
  },
});
