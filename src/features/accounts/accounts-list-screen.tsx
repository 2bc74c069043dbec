import { createColumnHelper } from '@tanstack/react-table';
import type { AccountAdminListItem } from '../../../domain/accounts.ts';
import { nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { Empty } from '../../components/ui/description-list.tsx';
import { YesNo } from '../../components/ui/page-header.tsx';
import { RecordIdCell, recordListScreen } from '../../components/ui/record-list.tsx';
import { accountAdminListQuery } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, AccountAdminListItem>();

/** Issue 11: Id, Name (link), Abbreviation, Active; every account, active or not. */
const columns = column.columns([
  column.accessor('id', { header: 'Id', cell: (info) => <RecordIdCell id={info.getValue()} /> }),
  column.accessor('name', { header: 'Name', meta: nameColumn }),
  column.accessor('abbreviation', { header: 'Abbreviation', cell: (info) => info.getValue() ?? <Empty /> }),
  column.accessor('active', { header: 'Active', cell: (info) => <YesNo value={info.getValue()} /> }),
]);

export const AccountsListScreen = recordListScreen({
  title: 'Accounts',
  noun: 'accounts',
  description: "Every practice on the platform. Open one to edit it; act in it from the header's Ghost Mode selector.",
  filterPlaceholder: 'Name, abbreviation or id',
  columns,
  query: accountAdminListQuery,
  rowPath: '/account/$accountId',
  create: { label: 'Create account', to: '/accounts/create', requires: { resource: '/accounts/account', method: 'POST' } },
});
