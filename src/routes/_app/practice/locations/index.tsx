import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { locationSortColumns } from '../../../../../domain/lists.ts';
import { LocationsListScreen } from '../../../../features/locations/locations-list-screen.tsx';
import { locationListQuery, type LocationListSearch } from '../../../../features/locations/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchSchema } from '../../../../lib/list-search.ts';

export const Route = createFileRoute('/_app/practice/locations/')({
  validateSearch: listSearchSchema(locationSortColumns),
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(locationListQuery(currentAccountKey(), deps)).catch(() => undefined),
  component: function LocationsRoute() {
    const { page, size, sort, order, q } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <LocationsListScreen
        search={{ page, size, sort, order, q }}
        onSearchChange={(change: Partial<LocationListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true })}
      />
    );
  },
});
