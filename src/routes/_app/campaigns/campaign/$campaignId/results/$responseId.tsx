import { createFileRoute } from '@tanstack/react-router';
import { CampaignResponseScreen } from '../../../../../../features/campaigns/campaign-response-screen.tsx';
import { campaignQuery, responseQuery } from '../../../../../../features/campaigns/queries.ts';
import { currentAccountKey } from '../../../../../../lib/account.ts';
import { RouteError } from '../../../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/surveys/campaigns/{campaignId}/surveys', method: 'GET' } as const;

export const Route = createFileRoute('/_app/campaigns/campaign/$campaignId/results/$responseId')({
  beforeLoad: requirePermission(requires, 'see campaign responses'),
  errorComponent: RouteError,
  loader: ({ context, params }) => {
    const account = currentAccountKey();
    // A missing response is the screen's to show ('Campaign response not found').
    return Promise.all([
      context.queryClient.ensureQueryData(campaignQuery(account, params.campaignId)),
      context.queryClient.ensureQueryData(responseQuery(account, params.campaignId, params.responseId)),
    ]).catch(deniedOr(requires, 'see campaign responses'));
  },
  component: function CampaignResponseRoute() {
    const { campaignId, responseId } = Route.useParams();
    return <CampaignResponseScreen campaignId={campaignId} responseId={responseId} />;
  },
});
