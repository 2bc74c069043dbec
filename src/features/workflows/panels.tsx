import type { PanelView } from '../../lib/workspace.ts';
import { lazy } from 'react';

// Loaded when a panel first opens, so the screens stay out of the initial bundle.
const WorkflowScreen = lazy(() => import('./workflow-screen.tsx').then((m) => ({ default: m.WorkflowScreen })));
const WorkflowCreateScreen = lazy(() => import('./workflow-create-screen.tsx').then((m) => ({ default: m.WorkflowCreateScreen })));
const WorkflowItemScreen = lazy(() => import('./workflow-item-screen.tsx').then((m) => ({ default: m.WorkflowItemScreen })));

/** A workflow's page and an item's page in the side panel (Shift+Enter in a list, or the palette). */
export const panels: PanelView[] = [
  {
    pattern: '/workflows/$workflowId',
    title: 'Workflow',
    // '/workflows/create' has the same shape: the create screen, not a workflow called "create".
    render: (params) => (params.workflowId === 'create' ? <WorkflowCreateScreen /> : <WorkflowScreen workflowId={params.workflowId ?? ''} />),
  },
  {
    pattern: '/workflows/$workflowId/items/$itemId',
    title: 'Workflow item',
    render: (params) => <WorkflowItemScreen workflowId={params.workflowId ?? ''} itemId={params.itemId ?? ''} />,
  },
];
