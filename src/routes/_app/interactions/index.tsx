import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RouteError } from '../../../components/ui/no-permission.tsx';
import { InteractionsListScreen } from '../../../features/interactions/interactions-list-screen.tsx';
import { interactionListQuery } from '../../../features/interactions/queries.ts';
import { interactionSearchDefaults, interactionSearchSchema, type InteractionListSearch } from '../../../features/interactions/search.ts';
import { currentAccountKey } from '../../../lib/account.ts';
import { deniedOr, requirePermission } from '../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it, not a Retry that cannot work. */
const requires = { resource: '/interactions/interactions', method: 'GET' } as const;

export const Route = createFileRoute('/_app/interactions/')({
  beforeLoad: requirePermission(requires, 'see interactions'),
  errorComponent: RouteError,
  validateSearch: interactionSearchSchema,
  search: { middlewares: [stripSearchParams(interactionSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  // A failed prefetch is not the route's failure: the screen shows the error with Retry.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(interactionListQuery(currentAccountKey(), deps)).catch(deniedOr(requires, 'see interactions')),
  component: function InteractionsRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<InteractionListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return <InteractionsListScreen search={search} onSearchChange={handleSearchChange} />;
  },
});
