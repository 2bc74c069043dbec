import { createColumnHelper } from '@tanstack/react-table';
import type { Workflow } from '../../../domain/workflows.ts';
import { nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { recordListScreen } from '../../components/ui/record-list.tsx';
import { workflowListQuery } from './queries.ts';
import { WholeWords } from '../../components/ui/whole-words.tsx';
import { itemCountsText, StatusBadge, tasksSummary } from './workflow-parts.tsx';

const column = createColumnHelper<DataTableFeatures, Workflow>();

/** Issue 43: title (a link), status, tasks, items by status. */
const columns = column.columns([
  column.accessor('title', { header: 'Title', meta: nameColumn, cell: (info) => <WholeWords text={info.getValue()} /> }),
  column.accessor('status', { header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} /> }),
  column.accessor('tasks', { header: 'Tasks', enableSorting: false, meta: { prose: true }, cell: (info) => tasksSummary(info.getValue()) }),
  column.accessor('itemCounts', { header: 'Items by status', enableSorting: false, meta: { prose: true }, cell: (info) => itemCountsText(info.getValue()) }),
]);

/** Spec §2 "Workflows": the table of Task Workflows, Create New Workflow, a row opens /workflows/{id}. */
export const WorkflowsListScreen = recordListScreen({
  title: 'Task Workflows',
  noun: 'workflows',
  description: 'Outreach that runs by itself: calls, text messages and form calls, in order, for every patient added.',
  filterPlaceholder: 'Title, description or id',
  columns,
  query: workflowListQuery,
  getRowLabel: (row: Workflow) => row.title,
  rowPath: '/workflows/$workflowId',
  create: { label: 'Create New Workflow', to: '/workflows/create', requires: { resource: '/workflows', method: 'POST' } },
});
