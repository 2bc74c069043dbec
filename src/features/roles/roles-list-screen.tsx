import { createColumnHelper } from '@tanstack/react-table';
import type { Role } from '../../../domain/roles.ts';
import { nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { RecordIdCell, recordListScreen } from '../../components/ui/record-list.tsx';
import { roleListQuery } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, Role>();

/** Issue 10: Id, Name (link), and the number of users holding the role. */
const columns = column.columns([
  column.accessor('id', { header: 'Id', cell: (info) => <RecordIdCell id={info.getValue()} /> }),
  column.accessor('name', { header: 'Name', meta: nameColumn }),
  column.accessor('userCount', { id: 'users', header: 'Users' }),
]);

export const RolesListScreen = recordListScreen({
  title: 'Roles',
  noun: 'roles',
  description: 'What each role may see and change, and who holds it.',
  filterPlaceholder: 'Name or id',
  columns,
  query: roleListQuery,
  rowPath: '/system/roles/$roleId',
  create: { label: 'Add Role', to: '/system/role/create', requires: { resource: '/permissions/roles', method: 'POST' } },
});
