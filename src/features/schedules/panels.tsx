import type { PanelView } from '../../lib/workspace.ts';
import { lazy } from 'react';

// Loaded when a panel first opens, so the screens stay out of the initial bundle.
const ScheduleScreen = lazy(() => import('./schedule-screen.tsx').then((m) => ({ default: m.ScheduleScreen })));
const ScheduleCreateScreen = lazy(() => import('./schedule-create-screen.tsx').then((m) => ({ default: m.ScheduleCreateScreen })));

/** A schedule's page in the side panel (Shift+Enter in the schedules list, or the palette). */
export const panels: PanelView[] = [
  {
    pattern: '/practice/schedules/$scheduleId',
    title: 'Schedule',
    // '/practice/schedules/create' has the same shape: the create screen, not a record called "create".
    render: (params) => (params.scheduleId === 'create' ? <ScheduleCreateScreen /> : <ScheduleScreen scheduleId={params.scheduleId ?? ''} />),
  },
];
