import type { PanelView } from '../../lib/workspace.ts';
import { lazy } from 'react';

// Loaded when a panel first opens, so the screens stay out of the initial bundle.
const MaskedCallScreen = lazy(() => import('./masked-call-screen.tsx').then((m) => ({ default: m.MaskedCallScreen })));
const MaskedCallCreateScreen = lazy(() => import('./masked-call-create-screen.tsx').then((m) => ({ default: m.MaskedCallCreateScreen })));

/** A masked call's page in the side panel (Shift+Enter in the list, or the palette). */
export const panels: PanelView[] = [
  {
    pattern: '/practice/masked-calls/$sessionId',
    title: 'Masked call',
    // '/practice/masked-calls/create' has the same shape: the create screen, not a session called "create".
    render: (params) => (params.sessionId === 'create' ? <MaskedCallCreateScreen /> : <MaskedCallScreen sessionId={params.sessionId ?? ''} />),
  },
];
