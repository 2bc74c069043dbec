import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { insuranceSortColumns } from '../../../../../domain/insurances.ts';
import { InsurancesListScreen } from '../../../../features/insurances/insurances-list-screen.tsx';
import { insuranceListQuery, type InsuranceListSearch } from '../../../../features/insurances/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchSchema } from '../../../../lib/list-search.ts';

export const Route = createFileRoute('/_app/practice/insurances/')({
  validateSearch: listSearchSchema(insuranceSortColumns),
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  // A failed prefetch is not the route's failure: the screen shows the error with Retry.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(insuranceListQuery(currentAccountKey(), deps)).catch(() => undefined),
  component: function InsurancesRoute() {
    const { page, size, sort, order, q } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <InsurancesListScreen
        search={{ page, size, sort, order, q }}
        onSearchChange={(change: Partial<InsuranceListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true })}
      />
    );
  },
});
