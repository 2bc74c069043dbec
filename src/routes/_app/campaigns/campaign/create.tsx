import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { CampaignCreateScreen } from '../../../../features/campaigns/campaign-create-screen.tsx';
import { requirePermission } from '../../../../lib/route-guard.ts';

export const Route = createFileRoute('/_app/campaigns/campaign/create')({
  beforeLoad: requirePermission({ resource: '/surveys/campaigns', method: 'POST' }, 'create campaigns'),
  errorComponent: RouteError,
  component: CampaignCreateScreen,
});
