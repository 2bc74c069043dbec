import type { PanelView } from '../../lib/workspace.ts';
import { lazy } from 'react';

// Loaded when a panel first opens, so the screens stay out of the initial bundle.
const UserScreen = lazy(() => import('./user-screen.tsx').then((m) => ({ default: m.UserScreen })));

/** The user page in the side panel (Shift+Enter in the users list, or the palette). */
export const panels: PanelView[] = [
  { pattern: '/practice/users/$personId', title: 'User', render: (params) => <UserScreen personId={params.personId ?? ''} /> },
];
