import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { locationSortColumns } from '../../../../../domain/lists.ts';
import { LocationsListScreen } from '../../../../features/locations/locations-list-screen.tsx';
import { locationListQuery, type LocationListSearch } from '../../../../features/locations/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchShape, tagSearchDefault, tagSearchParam } from '../../../../lib/list-search.ts';
import { TagFilter } from '../../../../features/tags/tag-filter.tsx';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';
import { searchParams } from '../../../../lib/search-params.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/locations/locations', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/locations/')({
  beforeLoad: requirePermission(requires, 'see locations'),
  errorComponent: RouteError,
  validateSearch: searchParams({ ...listSearchShape(locationSortColumns), tag: tagSearchParam }),
  search: { middlewares: [stripSearchParams({ ...listSearchDefaults, ...tagSearchDefault })] },
  loaderDeps: ({ search: { page, size, sort, order, q, tag } }) => ({ page, size, sort, order, q, tag }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(locationListQuery(currentAccountKey(), deps)).catch(deniedOr(requires, 'see locations')),
  component: function LocationsRoute() {
    const { page, size, sort, order, q, tag } = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<LocationListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return (
      <LocationsListScreen
        search={{ page, size, sort, order, q, tag }}
        onSearchChange={handleSearchChange}
        filters={<TagFilter noun="locations" value={tag} onValueChange={(value) => handleSearchChange({ tag: value, page: 1 })} />}
      />
    );
  },
});
