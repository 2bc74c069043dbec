import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { practitionerSortColumns } from '../../../../../domain/lists.ts';
import { PractitionersListScreen } from '../../../../features/practitioners/practitioners-list-screen.tsx';
import { practitionerListQuery, type PractitionerListSearch } from '../../../../features/practitioners/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchSchema } from '../../../../lib/list-search.ts';

export const Route = createFileRoute('/_app/practice/practitioners/')({
  validateSearch: listSearchSchema(practitionerSortColumns),
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(practitionerListQuery(currentAccountKey(), deps)).catch(() => undefined),
  component: function PractitionersRoute() {
    const { page, size, sort, order, q } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <PractitionersListScreen
        search={{ page, size, sort, order, q }}
        onSearchChange={(change: Partial<PractitionerListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true })}
      />
    );
  },
});
