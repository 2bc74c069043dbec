import { defineArea, reads } from '../../area.ts';
import { taskWorkflowItemEvents, taskWorkflowItems, taskWorkflows } from '../../db/schema/index.ts';
import { workflowRoutes } from './index.ts';
import { seedDemoWorkflows } from '../../seed/demo-workflows.ts';
import { workflowDocs } from './openapi.ts';

/** Task workflows, their items and the items' events (issue 43). */
export const workflowsArea = defineArea({
  name: 'workflows',
  mount: [{ path: '/task-workflows', app: workflowRoutes }],
  docs: workflowDocs,
  resources: ['/workflows', '/workflows/{id}'],
  tables: [taskWorkflows, taskWorkflowItems, taskWorkflowItemEvents],
  audit: { Workflow: reads('/workflows/{id}'), WorkflowItem: reads('/workflows/{id}') },
  // Spec §3 Task workflow's tags: the workflow's /tag records.
  taggable: {
    Workflow: {
      table: taskWorkflows,
      id: taskWorkflows.id,
      accountId: taskWorkflows.accountId,
      name: taskWorkflows.title,
      resource: '/workflows',
      path: (id) => `/workflows/${id}`,
      label: 'Workflows',
    },
  },
  // Migration 0041 for existing roles.
  grants: { practiceAdministrator: ['/workflows', '/workflows/{id}'] },
  seed: [{ key: 'seeded.workflows', order: 140, run: seedDemoWorkflows }],
});
