import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { personSortColumns } from '../../../../../domain/lists.ts';
import { PersonsListScreen } from '../../../../features/persons/persons-list-screen.tsx';
import { personListQuery, type PersonListSearch } from '../../../../features/persons/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchSchema } from '../../../../lib/list-search.ts';

export const Route = createFileRoute('/_app/practice/persons/')({
  validateSearch: listSearchSchema(personSortColumns),
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  // A failed prefetch is not the route's failure: the screen shows the error with Retry.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(personListQuery(currentAccountKey(), deps)).catch(() => undefined),
  component: function PersonsRoute() {
    const { page, size, sort, order, q } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <PersonsListScreen
        search={{ page, size, sort, order, q }}
        onSearchChange={(change: Partial<PersonListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true })}
      />
    );
  },
});
