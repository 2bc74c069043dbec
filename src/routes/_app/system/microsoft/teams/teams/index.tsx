import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RouteError } from '../../../../../../components/ui/no-permission.tsx';
import { teamListQuery, type TeamSort } from '../../../../../../features/teams-microsoft/queries.ts';
import { teamSortColumns } from '../../../../../../../domain/lists.ts';
import { TeamsScreen } from '../../../../../../features/teams-microsoft/teams-screen.tsx';
import { currentAccountKey } from '../../../../../../lib/account.ts';
import { listSearchDefaults, listSearchSchema, type ListSearch } from '../../../../../../lib/list-search.ts';
import { requirePermission } from '../../../../../../lib/route-guard.ts';

export const Route = createFileRoute('/_app/system/microsoft/teams/teams/')({
  validateSearch: listSearchSchema(teamSortColumns),
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  beforeLoad: requirePermission({ resource: '/teamsbot/graph/team', method: 'GET' }, 'view Teams'),
  errorComponent: RouteError,
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(teamListQuery(currentAccountKey(), deps)).catch(() => undefined),
  component: function TeamsRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<ListSearch<TeamSort>>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return <TeamsScreen search={search} onSearchChange={handleSearchChange} />;
  },
});
