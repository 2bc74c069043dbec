import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { userSortColumns } from '../../../../../domain/lists.ts';
import { userListQuery, type UserListSearch } from '../../../../features/users/queries.ts';
import { UsersListScreen } from '../../../../features/users/users-list-screen.tsx';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchSchema } from '../../../../lib/list-search.ts';

export const Route = createFileRoute('/_app/practice/users/')({
  validateSearch: listSearchSchema(userSortColumns),
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(userListQuery(currentAccountKey(), deps)).catch(() => undefined),
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
