import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { practitionerSortColumns } from '../../../../../domain/lists.ts';
import { PractitionersListScreen } from '../../../../features/practitioners/practitioners-list-screen.tsx';
import { practitionerListQuery, type PractitionerListSearch } from '../../../../features/practitioners/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchShape, tagSearchDefault, tagSearchParam } from '../../../../lib/list-search.ts';
import { TagFilter } from '../../../../features/tags/tag-filter.tsx';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';
import { searchParams } from '../../../../lib/search-params.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/person/practitioners', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/practitioners/')({
  beforeLoad: requirePermission(requires, 'see practitioners'),
  errorComponent: RouteError,
  validateSearch: searchParams({ ...listSearchShape(practitionerSortColumns), tag: tagSearchParam }),
  search: { middlewares: [stripSearchParams({ ...listSearchDefaults, ...tagSearchDefault })] },
  loaderDeps: ({ search: { page, size, sort, order, q, tag } }) => ({ page, size, sort, order, q, tag }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(practitionerListQuery(currentAccountKey(), deps)).catch(deniedOr(requires, 'see practitioners')),
  component: function PractitionersRoute() {
    const { page, size, sort, order, q, tag } = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<PractitionerListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return (
      <PractitionersListScreen
        search={{ page, size, sort, order, q, tag }}
        onSearchChange={handleSearchChange}
        filters={<TagFilter noun="practitioners" value={tag} onValueChange={(value) => handleSearchChange({ tag: value, page: 1 })} />}
      />
    );
  },
});
