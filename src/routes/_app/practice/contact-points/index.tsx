import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { contactPointSortColumns } from '../../../../../domain/contact-point-sort.ts';
import { ContactPointsListScreen } from '../../../../features/contact-points/contact-points-list-screen.tsx';
import { contactPointListQuery, type ContactPointListSearch } from '../../../../features/contact-points/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchShape, tagSearchDefault, tagSearchParam } from '../../../../lib/list-search.ts';
import { TagFilter } from '../../../../features/tags/tag-filter.tsx';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';
import { searchParams } from '../../../../lib/search-params.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/contactpoints/contact-points', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/contact-points/')({
  beforeLoad: requirePermission(requires, 'see contact points'),
  errorComponent: RouteError,
  validateSearch: searchParams({ ...listSearchShape(contactPointSortColumns), tag: tagSearchParam }),
  search: { middlewares: [stripSearchParams({ ...listSearchDefaults, ...tagSearchDefault })] },
  loaderDeps: ({ search: { page, size, sort, order, q, tag } }) => ({ page, size, sort, order, q, tag }),
  // A failed prefetch is not the route's failure: the screen shows the error with Retry.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(contactPointListQuery(currentAccountKey(), deps)).catch(deniedOr(requires, 'see contact points')),
  component: function ContactPointsRoute() {
    const { page, size, sort, order, q, tag } = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<ContactPointListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return (
      <ContactPointsListScreen
        search={{ page, size, sort, order, q, tag }}
        onSearchChange={handleSearchChange}
        filters={<TagFilter noun="contact points" value={tag} onValueChange={(value) => handleSearchChange({ tag: value, page: 1 })} />}
      />
    );
  },
});
