import type { PanelView } from '../../lib/workspace.ts';
import { lazy } from 'react';

// Loaded when a panel first opens, so the screens stay out of the initial bundle.
const CampaignScreen = lazy(() => import('./campaign-screen.tsx').then((m) => ({ default: m.CampaignScreen })));

/** The campaign page in the side panel (Shift+Enter in the campaigns list, or the palette). */
export const panels: PanelView[] = [
  { pattern: '/campaigns/campaign/$campaignId', title: 'Campaign', render: (params) => <CampaignScreen campaignId={params.campaignId ?? ''} /> },
];
