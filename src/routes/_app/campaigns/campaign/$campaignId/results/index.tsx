import * as v from 'valibot';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { surveySortColumns } from '../../../../../../../domain/campaigns.ts';
import { defaultPageSize, pageSizes, sortOrders } from '../../../../../../../domain/lists.ts';
import { CampaignResultsScreen } from '../../../../../../features/campaigns/campaign-results-screen.tsx';
import { campaignQuery, responseListQuery, type ResponseListSearch } from '../../../../../../features/campaigns/queries.ts';
import { currentAccountKey } from '../../../../../../lib/account.ts';

/** The grid's URL state: newest answers first unless the user sorts otherwise; a hand-edited URL falls back. */
const defaults = { page: 1, size: defaultPageSize, sort: 'endTimestamp', order: 'desc', q: '' } as const;
const searchSchema = v.object({
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
  size: v.optional(v.fallback(v.picklist(pageSizes), defaultPageSize), defaultPageSize),
  sort: v.optional(v.fallback(v.picklist(surveySortColumns), 'endTimestamp'), 'endTimestamp'),
  order: v.optional(v.fallback(v.picklist(sortOrders), 'desc'), 'desc'),
});

export const Route = createFileRoute('/_app/campaigns/campaign/$campaignId/results/')({
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams(defaults)] },
  loaderDeps: ({ search: { page, size, sort, order } }) => ({ page, size, sort, order }),
  loader: ({ context, params, deps }) => {
    const account = currentAccountKey();
    // Failures are the screen's to show ('Campaign not found', 'Error, please try again').
    return Promise.all([
      context.queryClient.ensureQueryData(campaignQuery(account, params.campaignId)),
      context.queryClient.ensureQueryData(responseListQuery(account, params.campaignId, { ...deps, q: '' })),
    ]).catch(() => undefined);
  },
  component: function CampaignResultsRoute() {
    const { campaignId } = Route.useParams();
    const { page, size, sort, order } = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<ResponseListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return <CampaignResultsScreen campaignId={campaignId} search={{ page, size, sort, order, q: '' }} onSearchChange={handleSearchChange} />;
  },
});
