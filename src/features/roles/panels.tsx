import type { PanelView } from '../../lib/workspace.ts';
import { lazy } from 'react';

// Loaded when a panel first opens, so the screens stay out of the initial bundle.
const RoleScreen = lazy(() => import('./role-screen.tsx').then((m) => ({ default: m.RoleScreen })));

/** The role page in the side panel (Shift+Enter in the roles list, or the palette). */
export const panels: PanelView[] = [{ pattern: '/system/roles/$roleId', title: 'Role', render: (params) => <RoleScreen roleId={params.roleId ?? ''} /> }];
