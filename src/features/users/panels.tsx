import type { PanelView } from '../../lib/workspace.ts';
import { UserScreen } from './user-screen.tsx';

/** The user page in the side panel (Shift+Enter in the users list, or the palette). */
export const panels: PanelView[] = [
  { pattern: '/practice/users/$personId', title: 'User', render: (params) => <UserScreen personId={params.personId ?? ''} /> },
];
