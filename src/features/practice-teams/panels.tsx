import type { PanelView } from '../../lib/workspace.ts';
import { lazy } from 'react';

// Loaded when a panel first opens, so the screens stay out of the initial bundle.
const PracticeTeamScreen = lazy(() => import('./practice-team-screen.tsx').then((m) => ({ default: m.PracticeTeamScreen })));
const PracticeTeamCreateScreen = lazy(() => import('./practice-team-create-screen.tsx').then((m) => ({ default: m.PracticeTeamCreateScreen })));

/** The team page in the side panel (Shift+Enter in the teams list, or the palette). */
export const panels: PanelView[] = [
  {
    pattern: '/practice/teams/$teamId',
    title: 'Practice team',
    // '/practice/teams/create' has the same shape: the create screen, not a record called "create".
    render: (params) => (params.teamId === 'create' ? <PracticeTeamCreateScreen /> : <PracticeTeamScreen teamId={params.teamId ?? ''} />),
  },
];
