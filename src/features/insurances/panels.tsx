import type { PanelView } from '../../lib/workspace.ts';
import { lazy } from 'react';

// Loaded when a panel first opens, so the screens stay out of the initial bundle.
const InsuranceScreen = lazy(() => import('./insurance-screen.tsx').then((m) => ({ default: m.InsuranceScreen })));
const InsuranceCreateScreen = lazy(() => import('./insurance-create-screen.tsx').then((m) => ({ default: m.InsuranceCreateScreen })));

/** The insurance page in the side panel (Shift+Enter in the insurances list, or the palette). */
export const panels: PanelView[] = [
  {
    pattern: '/practice/insurances/$insuranceId',
    title: 'Insurance',
    // '/practice/insurances/create' has the same shape: the create screen, not a record called "create".
    render: (params) => (params.insuranceId === 'create' ? <InsuranceCreateScreen /> : <InsuranceScreen insuranceId={params.insuranceId ?? ''} />),
  },
];
