import { createColumnHelper } from '@tanstack/react-table';
import type { UserListItem } from '../../../domain/persons.ts';
import { nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { YesNo } from '../../components/ui/page-header.tsx';
import { RecordIdCell, recordListScreen } from '../../components/ui/record-list.tsx';
import { userListQuery } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, UserListItem>();

/** Spec §2 Lists: Id, Name, Principal Id, Active (yes/no). */
const columns = column.columns([
  column.accessor('id', { header: 'Id', cell: (info) => <RecordIdCell id={info.getValue()} /> }),
  column.accessor('name', { header: 'Name', meta: nameColumn }),
  column.accessor('principalId', { header: 'Principal Id', meta: { cellClassName: 'font-mono text-xs' } }),
  column.accessor('active', { header: 'Active', cell: (info) => <YesNo value={info.getValue()} /> }),
]);

export const UsersListScreen = recordListScreen({
  title: 'Users',
  noun: 'users',
  description: 'Persons who can sign in to the portal. Make a person a user from their page.',
  filterPlaceholder: 'Name, email, principal id or id',
  columns,
  query: userListQuery,
  rows: (page) => page.Items,
  rowPath: '/practice/users/$personId',
});
