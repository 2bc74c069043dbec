import { createFileRoute } from '@tanstack/react-router';
import { CampaignResponseScreen } from '../../../../../../features/campaigns/campaign-response-screen.tsx';
import { campaignQuery, responseQuery } from '../../../../../../features/campaigns/queries.ts';
import { currentAccountKey } from '../../../../../../lib/account.ts';

export const Route = createFileRoute('/_app/campaigns/campaign/$campaignId/results/$responseId')({
  loader: ({ context, params }) => {
    const account = currentAccountKey();
    // A missing response is the screen's to show ('Campaign response not found').
    return Promise.all([
      context.queryClient.ensureQueryData(campaignQuery(account, params.campaignId)),
      context.queryClient.ensureQueryData(responseQuery(account, params.campaignId, params.responseId)),
    ]).catch(() => undefined);
  },
  component: function CampaignResponseRoute() {
    const { campaignId, responseId } = Route.useParams();
    return <CampaignResponseScreen campaignId={campaignId} responseId={responseId} />;
  },
});
