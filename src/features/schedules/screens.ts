import type { AuditEntry } from '../../../domain/api.ts';
import type { Screen } from '../../lib/screens.tsx';

/** A task's page in its schedule; a deleted task's schedule. */
const taskPage = ({ action, resourceId, about }: AuditEntry, path: string) =>
  !about ? null : action === 'delete' || !resourceId ? `${path}/${about.resourceId}` : `${path}/updateTask/${about.resourceId}?taskId=${resourceId}`;

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  { path: '/practice/schedules', title: 'Schedules', shortcut: 'g s', resource: '/schedule/schedule', keywords: ['calendar', 'on-call'], menu: { name: 'practice', order: 60 }, records: ['Schedule'], recordPaths: { ScheduleTask: taskPage } },
  { path: '/practice/schedules/create', title: 'Create schedule', resource: '/schedule/schedule', method: 'POST', keywords: ['new', 'add', 'calendar'] },
];
