import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { InsightsScreen } from '../../features/insights/insights-screen.tsx';
import { loadInsights } from '../../features/insights/load.ts';
import { insightsSearchDefaults, validateInsightsSearch, type InsightsSearch } from '../../features/insights/search.ts';
import { requirePermission } from '../../lib/route-guard.ts';

/**
 * Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it
 * (the router's default error component, RouteError). Kept this small: this part of a route loads
 * with the first screen; the loader, the screen and its queries load with the route.
 */
const requires = { resource: '/metrics/historic', method: 'GET' } as const;

export const Route = createFileRoute('/_app/insights')({
  beforeLoad: requirePermission(requires, 'see insights'),
  validateSearch: validateInsightsSearch,
  search: { middlewares: [stripSearchParams(insightsSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadInsights(context.queryClient, deps),
  component: function InsightsRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<InsightsSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return <InsightsScreen search={search} onSearchChange={handleSearchChange} />;
  },
});
