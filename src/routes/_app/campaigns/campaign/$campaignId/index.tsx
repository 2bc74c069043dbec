import { createFileRoute } from '@tanstack/react-router';
import { CampaignScreen } from '../../../../../features/campaigns/campaign-screen.tsx';
import { campaignQuery } from '../../../../../features/campaigns/queries.ts';
import { currentAccountKey } from '../../../../../lib/account.ts';
import { RouteError } from '../../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/surveys/campaigns/{id}', method: 'GET' } as const;

export const Route = createFileRoute('/_app/campaigns/campaign/$campaignId/')({
  beforeLoad: requirePermission(requires, 'see campaigns'),
  errorComponent: RouteError,
  // A missing campaign is the screen's to show ('Campaign not found').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(campaignQuery(currentAccountKey(), params.campaignId)).catch(deniedOr(requires, 'see campaigns')),
  component: function CampaignRoute() {
    const { campaignId } = Route.useParams();
    return <CampaignScreen campaignId={campaignId} />;
  },
});
