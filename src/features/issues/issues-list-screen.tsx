import { createColumnHelper } from '@tanstack/react-table';
import type { IssueListItem } from '../../../domain/issues.ts';
import { nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { YesNo } from '../../components/ui/page-header.tsx';
import { RecordIdCell, recordListScreen } from '../../components/ui/record-list.tsx';
import { issueListQuery } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, IssueListItem>();

/** Issues: Id, Name (link), Category, Urgent, Active; sorted and filtered by the server. */
const columns = column.columns([
  column.accessor('id', { header: 'Id', cell: (info) => <RecordIdCell id={info.getValue()} /> }),
  column.accessor('name', { header: 'Name', meta: nameColumn }),
  column.accessor('category', { header: 'Category', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('urgent', { header: 'Urgent', cell: (info) => <YesNo value={info.getValue()} /> }),
  column.accessor('active', { header: 'Active', cell: (info) => <YesNo value={info.getValue()} /> }),
]);

export const IssuesListScreen = recordListScreen({
  title: 'Issues',
  noun: 'issues',
  description: 'The reasons patients call, which interactions record as their conditions.',
  filterPlaceholder: 'Name, description or category',
  columns,
  query: issueListQuery,
  rowPath: '/practice/issues/$issueId',
  create: { label: 'Add Issue', to: '/practice/issues/create', requires: { resource: '/issues', method: 'POST' } },
});
