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
    // An item's entry opens the item's page in its workflow; a batch's (no one item) the workflow.
    recordPaths: {
      WorkflowItem: (entry, path) => {
        if (!entry.about) return null;
        const workflow = `${path}/${entry.about.resourceId}`;
        return entry.resourceId ? `${workflow}/items/${entry.resourceId}` : workflow;
      },
    },
  },
  { path: '/workflows/create', title: 'Create workflow', resource: '/workflows', method: 'POST', keywords: ['outreach', 'tasks'] },
];
