import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { userSortColumns } from '../../../../../domain/lists.ts';
import { userListQuery, type UserListSearch } from '../../../../features/users/queries.ts';
import { UsersListScreen } from '../../../../features/users/users-list-screen.tsx';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchSchema } from '../../../../lib/list-search.ts';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/person/users', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/users/')({
  beforeLoad: requirePermission(requires, 'see users'),
  errorComponent: RouteError,
  validateSearch: listSearchSchema(userSortColumns),
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(userListQuery(currentAccountKey(), deps)).catch(deniedOr(requires, 'see users')),
  component: function UsersRoute() {
    const { page, size, sort, order, q } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <UsersListScreen
        search={{ page, size, sort, order, q }}
        onSearchChange={(change: Partial<UserListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true })}
      />
    );
  },
});
