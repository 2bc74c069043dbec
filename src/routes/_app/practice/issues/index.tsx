import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { issueSortColumns } from '../../../../../domain/issues.ts';
import { IssuesListScreen } from '../../../../features/issues/issues-list-screen.tsx';
import { issueListQuery, type IssueListSearch } from '../../../../features/issues/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchSchema } from '../../../../lib/list-search.ts';

export const Route = createFileRoute('/_app/practice/issues/')({
  validateSearch: listSearchSchema(issueSortColumns),
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  // A failed prefetch is not the route's failure: the screen shows the error with Retry.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(issueListQuery(currentAccountKey(), deps)).catch(() => undefined),
  component: function IssuesRoute() {
    const { page, size, sort, order, q } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <IssuesListScreen
        search={{ page, size, sort, order, q }}
        onSearchChange={(change: Partial<IssueListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true })}
      />
    );
  },
});
