import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { roleSortColumns } from '../../../../../domain/lists.ts';
import { RolesListScreen } from '../../../../features/roles/roles-list-screen.tsx';
import { roleListQuery, type RoleListSearch } from '../../../../features/roles/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchShape, selectedSearchDefault, selectedSearchParam } from '../../../../lib/list-search.ts';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';
import { searchParams } from '../../../../lib/search-params.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/permissions/roles', method: 'GET' } as const;

export const Route = createFileRoute('/_app/system/roles/')({
  beforeLoad: requirePermission(requires, 'see roles'),
  errorComponent: RouteError,
  validateSearch: searchParams({ ...listSearchShape(roleSortColumns), selected: selectedSearchParam }),
  search: { middlewares: [stripSearchParams({ ...listSearchDefaults, ...selectedSearchDefault })] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(roleListQuery(currentAccountKey(), deps)).catch(deniedOr(requires, 'see roles')),
  component: function RolesRoute() {
    const { page, size, sort, order, q, selected } = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<RoleListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return <RolesListScreen search={{ page, size, sort, order, q }} selected={selected} onSearchChange={handleSearchChange} />;
  },
});
