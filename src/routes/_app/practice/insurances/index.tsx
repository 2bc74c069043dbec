import * as v from 'valibot';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { insuranceSortColumns } from '../../../../../domain/insurances.ts';
import { InsurancesListScreen } from '../../../../features/insurances/insurances-list-screen.tsx';
import { insuranceListQuery, type InsuranceListSearch } from '../../../../features/insurances/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchSchema, tagSearchDefault, tagSearchParam } from '../../../../lib/list-search.ts';
import { TagFilter } from '../../../../features/tags/tag-filter.tsx';

export const Route = createFileRoute('/_app/practice/insurances/')({
  validateSearch: v.object({ ...listSearchSchema(insuranceSortColumns).entries, tag: tagSearchParam }),
  search: { middlewares: [stripSearchParams({ ...listSearchDefaults, ...tagSearchDefault })] },
  loaderDeps: ({ search: { page, size, sort, order, q, tag } }) => ({ page, size, sort, order, q, tag }),
  // A failed prefetch is not the route's failure: the screen shows the error with Retry.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(insuranceListQuery(currentAccountKey(), deps)).catch(() => undefined),
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
