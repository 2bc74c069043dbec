import type { PanelView } from '../../lib/workspace.ts';
import { lazy } from 'react';

// Loaded when a panel first opens, so the screen stays out of the initial bundle.
const AuditEntryScreen = lazy(() => import('./audit-entry-screen.tsx').then((m) => ({ default: m.AuditEntryScreen })));

/** One change of the audit log in the side panel (Shift+Enter in the audit log). */
export const panels: PanelView[] = [{ pattern: '/system/audit/$entryId', title: 'Change', render: (params) => <AuditEntryScreen entryId={params.entryId ?? ''} /> }];
