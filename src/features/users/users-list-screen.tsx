import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { messages } from '../../../domain/messages.ts';
import { pageSizes, type UserListItem, type UserSort } from '../../../domain/persons.ts';
import { DataTable, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { FilterInput } from '../../components/ui/filter-input.tsx';
import { PageHeader, YesNo } from '../../components/ui/page-header.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { userListQuery, type UserListSearch } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, UserListItem>();

/** Spec §2 Lists: Id, Name, Principal Id, Active (yes/no). */
const columns = column.columns([
  column.accessor('id', {
    header: 'Id',
    cell: (info) => (
      <Link to="/practice/users/$personId" params={{ personId: info.getValue() }} className="font-mono text-xs text-brand-700 underline-offset-2 hover:underline dark:text-brand-100">
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('name', { header: 'Name', meta: { cellClassName: 'font-medium' } }),
  column.accessor('principalId', { header: 'Principal Id', meta: { cellClassName: 'font-mono text-xs break-all' } }),
  column.accessor('active', { header: 'Active', cell: (info) => <YesNo value={info.getValue()} /> }),
]);

type UsersListScreenProps = { search: UserListSearch; onSearchChange(change: Partial<UserListSearch>): void };

export function UsersListScreen({ search, onSearchChange }: UsersListScreenProps) {
  const list = useQuery(userListQuery(useAccountKey(), search));
  const navigate = useNavigate();
  const { openPanel } = useWorkspace();
  const q = search.q.trim();
  return (
    <section aria-labelledby="users-title">
      <PageHeader title="Users" titleId="users-title" description="Persons who can sign in to the portal. Make a person a user from their page." />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <FilterInput label="Filter users" placeholder="Name, email, principal id or id" value={search.q} onValueChange={(value) => onSearchChange({ q: value, page: 1 })} />
      </div>
      <DataTable
        label="Users"
        columns={columns}
        data={list.data?.Items}
        rowCount={list.data?.total ?? 0}
        rowCountEstimated={list.data?.totalEstimated}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.name}
        page={search.page}
        pageSize={search.size}
        pageSizes={pageSizes}
        sort={{ id: search.sort, desc: search.order === 'desc' }}
        onPageChange={(page) => onSearchChange({ page })}
        onPageSizeChange={(size) => onSearchChange({ size: size as UserListSearch['size'], page: 1 })}
        onSortChange={(next) => onSearchChange({ sort: (next?.id ?? 'name') as UserSort, order: next?.desc ? 'desc' : 'asc', page: 1 })}
        onOpen={(row) => void navigate({ to: '/practice/users/$personId', params: { personId: row.id } })}
        onOpenInPanel={(row) => openPanel(`/practice/users/${row.id}`)}
        status={list.status}
        fetching={list.isPlaceholderData}
        empty={q ? `No users match “${q}”.` : 'No users yet.'}
        error={messages.tryAgain}
        onRetry={() => void list.refetch()}
      />
    </section>
  );
}
