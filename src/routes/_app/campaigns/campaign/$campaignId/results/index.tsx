import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { defaultPageSize, pageSizes, sortOrders, surveySortColumns } from '../../../../../../../domain/lists.ts';
import { CampaignResultsScreen } from '../../../../../../features/campaigns/campaign-results-screen.tsx';
import { campaignQuery, responseListQuery, type ResponseListSearch } from '../../../../../../features/campaigns/queries.ts';
import { currentAccountKey } from '../../../../../../lib/account.ts';
import { RouteError } from '../../../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../../../lib/route-guard.ts';
import { oneOf, searchParams, whole } from '../../../../../../lib/search-params.ts';

/** The grid's URL state: newest answers first unless the user sorts otherwise; a hand-edited URL falls back. */
const defaults = { page: 1, size: defaultPageSize, sort: 'endTimestamp', order: 'desc', q: '' } as const;
const searchSchema = searchParams({
  page: whole(1, 1),
  size: oneOf(pageSizes, defaultPageSize),
  sort: oneOf(surveySortColumns, 'endTimestamp'),
  order: oneOf(sortOrders, 'desc'),
});

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/surveys/campaigns/{campaignId}/surveys', method: 'GET' } as const;

export const Route = createFileRoute('/_app/campaigns/campaign/$campaignId/results/')({
  beforeLoad: requirePermission(requires, 'see campaign responses'),
  errorComponent: RouteError,
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams(defaults)] },
  loaderDeps: ({ search: { page, size, sort, order } }) => ({ page, size, sort, order }),
  loader: ({ context, params, deps }) => {
    const account = currentAccountKey();
    // Failures are the screen's to show ('Campaign not found', 'Error, please try again').
    return Promise.all([
      context.queryClient.ensureQueryData(campaignQuery(account, params.campaignId)),
      context.queryClient.ensureQueryData(responseListQuery(account, params.campaignId, { ...deps, q: '' })),
    ]).catch(deniedOr(requires, 'see campaign responses'));
  },
  component: function CampaignResultsRoute() {
    const { campaignId } = Route.useParams();
    const { page, size, sort, order } = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<ResponseListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return <CampaignResultsScreen campaignId={campaignId} search={{ page, size, sort, order, q: '' }} onSearchChange={handleSearchChange} />;
  },
});
