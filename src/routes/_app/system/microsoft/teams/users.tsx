import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RouteError } from '../../../../../components/ui/no-permission.tsx';
import { teamsUserListQuery, type TeamsUserSort } from '../../../../../features/teams-microsoft/queries.ts';
import { teamsUserSortColumns } from '../../../../../../domain/lists.ts';
import { TeamsUsersScreen } from '../../../../../features/teams-microsoft/teams-users-screen.tsx';
import { currentAccountKey } from '../../../../../lib/account.ts';
import { listSearchDefaults, listSearchSchema, type ListSearch } from '../../../../../lib/list-search.ts';
import { requirePermission } from '../../../../../lib/route-guard.ts';

export const Route = createFileRoute('/_app/system/microsoft/teams/users')({
  validateSearch: listSearchSchema(teamsUserSortColumns),
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  beforeLoad: requirePermission({ resource: '/teamsbot/graph/users', method: 'GET' }, 'view Teams users'),
  errorComponent: RouteError,
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  // A failed prefetch (no tenant, the directory away) is the screen's to show.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(teamsUserListQuery(currentAccountKey(), deps)).catch(() => undefined),
  component: function TeamsUsersRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<ListSearch<TeamsUserSort>>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return <TeamsUsersScreen search={search} onSearchChange={handleSearchChange} />;
  },
});
