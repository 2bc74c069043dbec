import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { campaignSortColumns } from '../../../../domain/lists.ts';
import { CampaignsListScreen } from '../../../features/campaigns/campaigns-list-screen.tsx';
import { campaignListQuery, type CampaignListSearch } from '../../../features/campaigns/queries.ts';
import { currentAccountKey } from '../../../lib/account.ts';
import { listSearchDefaults, listSearchShape, selectedSearchDefault, selectedSearchParam } from '../../../lib/list-search.ts';
import { RouteError } from '../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../lib/route-guard.ts';
import { searchParams } from '../../../lib/search-params.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/surveys/campaigns', method: 'GET' } as const;

export const Route = createFileRoute('/_app/campaigns/')({
  beforeLoad: requirePermission(requires, 'see campaigns'),
  errorComponent: RouteError,
  validateSearch: searchParams({ ...listSearchShape(campaignSortColumns), selected: selectedSearchParam }),
  search: { middlewares: [stripSearchParams({ ...listSearchDefaults, ...selectedSearchDefault })] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  // A failed prefetch is not the route's failure: the screen shows 'Error, please try again' with Retry.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(campaignListQuery(currentAccountKey(), deps)).catch(deniedOr(requires, 'see campaigns')),
  component: function CampaignsRoute() {
    const { selected, ...search } = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<CampaignListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return <CampaignsListScreen search={search} selected={selected} onSearchChange={handleSearchChange} />;
  },
});
