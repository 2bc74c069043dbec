import * as v from 'valibot';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { roleSortColumns } from '../../../../../domain/lists.ts';
import { RolesListScreen } from '../../../../features/roles/roles-list-screen.tsx';
import { roleListQuery, type RoleListSearch } from '../../../../features/roles/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchSchema } from '../../../../lib/list-search.ts';

export const Route = createFileRoute('/_app/system/roles/')({
  validateSearch: v.object(listSearchSchema(roleSortColumns).entries),
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(roleListQuery(currentAccountKey(), deps)).catch(() => undefined),
  component: function RolesRoute() {
    const { page, size, sort, order, q } = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<RoleListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return <RolesListScreen search={{ page, size, sort, order, q }} onSearchChange={handleSearchChange} />;
  },
});
