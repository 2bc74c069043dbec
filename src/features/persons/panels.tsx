import type { PanelView } from '../../lib/workspace.ts';
import { lazy } from 'react';

// Loaded when a panel first opens, so the screens stay out of the initial bundle.
const PersonScreen = lazy(() => import('./person-screen.tsx').then((m) => ({ default: m.PersonScreen })));

/** The person page in the side panel (Shift+Enter in the persons list, or the palette). */
export const panels: PanelView[] = [
  { pattern: '/practice/persons/$personId', title: 'Person', render: (params) => <PersonScreen personId={params.personId ?? ''} /> },
];
