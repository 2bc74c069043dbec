import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { personSortColumns } from '../../../../../domain/lists.ts';
import { PersonsListScreen } from '../../../../features/persons/persons-list-screen.tsx';
import { personListQuery, type PersonListSearch } from '../../../../features/persons/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchSchema } from '../../../../lib/list-search.ts';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/person/persons', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/persons/')({
  beforeLoad: requirePermission(requires, 'see persons'),
  errorComponent: RouteError,
  validateSearch: listSearchSchema(personSortColumns),
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  // A failed prefetch is not the route's failure: the screen shows the error with Retry.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(personListQuery(currentAccountKey(), deps)).catch(deniedOr(requires, 'see persons')),
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
