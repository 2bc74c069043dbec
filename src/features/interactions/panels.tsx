import type { PanelView } from '../../lib/workspace.ts';
import { lazy } from 'react';

// Loaded when a panel first opens, so the screen (and its player) stays out of the initial bundle.
const InteractionScreen = lazy(() => import('./interaction-screen.tsx').then((m) => ({ default: m.InteractionScreen })));

/** The interaction page in the side panel (Shift+Enter in the interactions list, or the palette). */
export const panels: PanelView[] = [
  {
    pattern: '/interactions/$interactionId',
    title: 'Interaction',
    render: (params) => <InteractionScreen interactionId={params.interactionId ?? ''} />,
  },
];
