import type { PanelView } from '../../lib/workspace.ts';
import { lazy } from 'react';

// Loaded when a panel first opens, so the screens stay out of the initial bundle.
const InsuranceScreen = lazy(() => import('./insurance-screen.tsx').then((m) => ({ default: m.InsuranceScreen })));

/** The insurance page in the side panel (Shift+Enter in the insurances list, or the palette). */
export const panels: PanelView[] = [
  { pattern: '/practice/insurances/$insuranceId', title: 'Insurance', render: (params) => <InsuranceScreen insuranceId={params.insuranceId ?? ''} /> },
];
