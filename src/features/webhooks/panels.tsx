import type { PanelView } from '../../lib/workspace.ts';
import { lazy } from 'react';

// Loaded when a panel first opens, so the screens stay out of the initial bundle.
const WebhookScreen = lazy(() => import('./webhook-screen.tsx').then((m) => ({ default: m.WebhookScreen })));

/** An endpoint's page in the side panel (Shift+Enter in the webhooks list, or the palette). */
export const panels: PanelView[] = [{ pattern: '/system/webhooks/$webhookId', title: 'Webhook endpoint', render: (params) => <WebhookScreen webhookId={params.webhookId ?? ''} /> }];
