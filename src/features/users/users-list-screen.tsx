import { createColumnHelper } from '@tanstack/react-table';
import type { UserListItem } from '../../../domain/persons.ts';
import { wideScreenColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { YesNo } from '../../components/ui/page-header.tsx';
import { RecordIdLink, RecordList } from '../../components/ui/record-list.tsx';
import { userListQuery, type UserListSearch } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, UserListItem>();

/** Spec §2 Lists: Id, Name, Principal Id, Active (yes/no). At phone size the principal id stays on the user's page. */
const columns = column.columns([
  column.accessor('id', { header: 'Id', cell: (info) => <RecordIdLink path="/practice/users/$personId" id={info.getValue()} /> }),
  column.accessor('name', { header: 'Name', meta: { cellClassName: 'font-medium' } }),
  column.accessor('principalId', { header: 'Principal Id', meta: { ...wideScreenColumn, cellClassName: `${wideScreenColumn.cellClassName} font-mono text-xs break-all` } }),
  column.accessor('active', { header: 'Active', cell: (info) => <YesNo value={info.getValue()} /> }),
]);

type UsersListScreenProps = { search: UserListSearch; onSearchChange(change: Partial<UserListSearch>): void };

export function UsersListScreen({ search, onSearchChange }: UsersListScreenProps) {
  return (
    <RecordList
      title="Users"
      noun="users"
      description="Persons who can sign in to the portal. Make a person a user from their page."
      filter={{ label: 'Filter users', placeholder: 'Name, email, principal id or id' }}
      columns={columns}
      query={userListQuery}
      rows={(page) => page.Items}
      getRowLabel={(row) => row.name}
      rowPath="/practice/users/$personId"
      search={search}
      onSearchChange={onSearchChange}
    />
  );
}
