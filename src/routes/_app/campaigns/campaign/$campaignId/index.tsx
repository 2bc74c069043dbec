import { createFileRoute } from '@tanstack/react-router';
import { CampaignScreen } from '../../../../../features/campaigns/campaign-screen.tsx';
import { campaignQuery } from '../../../../../features/campaigns/queries.ts';
import { currentAccountKey } from '../../../../../lib/account.ts';

export const Route = createFileRoute('/_app/campaigns/campaign/$campaignId/')({
  // A missing campaign is the screen's to show ('Campaign not found').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(campaignQuery(currentAccountKey(), params.campaignId)).catch(() => undefined),
  component: function CampaignRoute() {
    const { campaignId } = Route.useParams();
    return <CampaignScreen campaignId={campaignId} />;
  },
});
