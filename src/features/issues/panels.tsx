import type { PanelView } from '../../lib/workspace.ts';
import { lazy } from 'react';

// Loaded when a panel first opens, so the screens stay out of the initial bundle.
const IssueScreen = lazy(() => import('./issue-screen.tsx').then((m) => ({ default: m.IssueScreen })));
const IssueCreateScreen = lazy(() => import('./issue-create-screen.tsx').then((m) => ({ default: m.IssueCreateScreen })));

/** The issue page in the side panel (Shift+Enter in the issues list, or the palette). */
export const panels: PanelView[] = [
  {
    pattern: '/practice/issues/$issueId',
    title: 'Issue',
    // '/practice/issues/create' has the same shape: the create screen, not a record called "create".
    render: (params) => (params.issueId === 'create' ? <IssueCreateScreen /> : <IssueScreen issueId={params.issueId ?? ''} />),
  },
];
