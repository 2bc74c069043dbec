import type { PanelView } from '../../lib/workspace.ts';
import { lazy } from 'react';

// Loaded when a panel first opens, so the screen stays out of the initial bundle.
const QueueScreen = lazy(() => import('./queue-screen.tsx').then((m) => ({ default: m.QueueScreen })));

/** A queue's page in the side panel (Shift+Enter in the list). */
export const panels: PanelView[] = [
  {
    pattern: '/system/call-center/queues/$queueId',
    title: 'Queue',
    render: (params) => <QueueScreen queueId={params.queueId ?? ''} />,
  },
];
