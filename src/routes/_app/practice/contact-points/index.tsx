import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { contactPointSortColumns } from '../../../../../domain/contact-points.ts';
import { ContactPointsListScreen } from '../../../../features/contact-points/contact-points-list-screen.tsx';
import { contactPointListQuery, type ContactPointListSearch } from '../../../../features/contact-points/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchSchema } from '../../../../lib/list-search.ts';

export const Route = createFileRoute('/_app/practice/contact-points/')({
  validateSearch: listSearchSchema(contactPointSortColumns),
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  // A failed prefetch is not the route's failure: the screen shows the error with Retry.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(contactPointListQuery(currentAccountKey(), deps)).catch(() => undefined),
  component: function ContactPointsRoute() {
    const { page, size, sort, order, q } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <ContactPointsListScreen
        search={{ page, size, sort, order, q }}
        onSearchChange={(change: Partial<ContactPointListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true })}
      />
    );
  },
});
