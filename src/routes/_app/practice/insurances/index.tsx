import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { insuranceSortColumns } from '../../../../../domain/lists.ts';
import { InsurancesListScreen } from '../../../../features/insurances/insurances-list-screen.tsx';
import { insuranceListQuery, type InsuranceListSearch } from '../../../../features/insurances/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchShape, tagSearchDefault, tagSearchParam } from '../../../../lib/list-search.ts';
import { TagFilter } from '../../../../features/tags/tag-filter.tsx';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';
import { searchParams } from '../../../../lib/search-params.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/insurances', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/insurances/')({
  beforeLoad: requirePermission(requires, 'see insurance plans'),
  errorComponent: RouteError,
  validateSearch: searchParams({ ...listSearchShape(insuranceSortColumns), tag: tagSearchParam }),
  search: { middlewares: [stripSearchParams({ ...listSearchDefaults, ...tagSearchDefault })] },
  loaderDeps: ({ search: { page, size, sort, order, q, tag } }) => ({ page, size, sort, order, q, tag }),
  // A failed prefetch is not the route's failure: the screen shows the error with Retry.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(insuranceListQuery(currentAccountKey(), deps)).catch(deniedOr(requires, 'see insurance plans')),
  component: function InsurancesRoute() {
    const { page, size, sort, order, q, tag } = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<InsuranceListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return (
      <InsurancesListScreen
        search={{ page, size, sort, order, q, tag }}
        onSearchChange={handleSearchChange}
        filters={<TagFilter noun="insurances" value={tag} onValueChange={(value) => handleSearchChange({ tag: value, page: 1 })} />}
      />
    );
  },
});
