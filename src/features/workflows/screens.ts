import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): the task workflows (issue 43). */
export const screens: Screen[] = [
  {
    path: '/workflows',
    title: 'Task Workflows',
    shortcut: 'g w',
    resource: '/workflows',
    keywords: ['workflows', 'tasks', 'outreach', 'reminders', 'automation', 'sms', 'calls'],
    menu: { name: 'practice', order: 98, label: 'Workflows' },
    records: ['Workflow'],
  },
  { path: '/workflows/create', title: 'Create workflow', resource: '/workflows', method: 'POST', keywords: ['outreach', 'tasks'] },
];
