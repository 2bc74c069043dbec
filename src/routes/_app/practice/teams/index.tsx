import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { practiceTeamSortColumns } from '../../../../../domain/lists.ts';
import { PracticeTeamsListScreen } from '../../../../features/practice-teams/practice-teams-list-screen.tsx';
import { practiceTeamListQuery, type PracticeTeamListSearch } from '../../../../features/practice-teams/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchShape, tagSearchDefault, tagSearchParam } from '../../../../lib/list-search.ts';
import { TagFilter } from '../../../../features/tags/tag-filter.tsx';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';
import { searchParams } from '../../../../lib/search-params.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it, not a Retry that cannot work. */
const requires = { resource: '/teams/teams', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/teams/')({
  beforeLoad: requirePermission(requires, 'see practice teams'),
  errorComponent: RouteError,
  validateSearch: searchParams({ ...listSearchShape(practiceTeamSortColumns), tag: tagSearchParam }),
  search: { middlewares: [stripSearchParams({ ...listSearchDefaults, ...tagSearchDefault })] },
  loaderDeps: ({ search: { page, size, sort, order, q, tag } }) => ({ page, size, sort, order, q, tag }),
  // A failed prefetch is not the route's failure: the screen shows the error with Retry.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(practiceTeamListQuery(currentAccountKey(), deps)).catch(deniedOr(requires, 'see practice teams')),
  component: function PracticeTeamsRoute() {
    const { page, size, sort, order, q, tag } = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<PracticeTeamListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return (
      <PracticeTeamsListScreen
        search={{ page, size, sort, order, q, tag }}
        onSearchChange={handleSearchChange}
        filters={<TagFilter noun="teams" value={tag} onValueChange={(value) => handleSearchChange({ tag: value, page: 1 })} />}
      />
    );
  },
});
