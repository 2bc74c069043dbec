import type { PanelView } from '../../lib/workspace.ts';
import { lazy } from 'react';

// Loaded when a panel first opens, so the screens stay out of the initial bundle.
const PractitionerScreen = lazy(() => import('./practitioner-screen.tsx').then((m) => ({ default: m.PractitionerScreen })));

/** The practitioner page in the side panel (Shift+Enter in the practitioners list, or the palette). */
export const panels: PanelView[] = [
  { pattern: '/practice/practitioners/$personId', title: 'Practitioner', render: (params) => <PractitionerScreen personId={params.personId ?? ''} /> },
];
