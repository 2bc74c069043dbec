import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../../components/ui/no-permission.tsx';
import { CampaignEditScreen } from '../../../../../features/campaigns/campaign-edit-screen.tsx';
import { campaignQuery } from '../../../../../features/campaigns/queries.ts';
import { currentAccountKey } from '../../../../../lib/account.ts';
import { requirePermission } from '../../../../../lib/route-guard.ts';

export const Route = createFileRoute('/_app/campaigns/campaign/edit/$campaignId')({
  beforeLoad: requirePermission({ resource: '/surveys/campaigns/{id}', method: 'PATCH' }, 'edit campaigns'),
  errorComponent: RouteError,
  // A missing campaign is the screen's to show ('Campaign not found').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(campaignQuery(currentAccountKey(), params.campaignId)).catch(() => undefined),
  component: function CampaignEditRoute() {
    const { campaignId } = Route.useParams();
    return <CampaignEditScreen campaignId={campaignId} />;
  },
});
