import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { messages } from '../../../domain/messages.ts';
import { pageSizes, type PractitionerListItem, type PractitionerSort } from '../../../domain/persons.ts';
import { DataTable, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { Empty } from '../../components/ui/description-list.tsx';
import { FilterInput } from '../../components/ui/filter-input.tsx';
import { PageHeader, YesNo } from '../../components/ui/page-header.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { practitionerListQuery, type PractitionerListSearch } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, PractitionerListItem>();

/** Spec §2 Lists: Id, Name, Active, Group, Specialty. */
const columns = column.columns([
  column.accessor('id', {
    header: 'Id',
    cell: (info) => (
      <Link
        to="/practice/practitioners/$personId"
        params={{ personId: info.getValue() }}
        className="font-mono text-xs text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
      >
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('name', { header: 'Name', meta: { cellClassName: 'font-medium' } }),
  column.accessor('active', { header: 'Active', cell: (info) => <YesNo value={info.getValue()} /> }),
  column.accessor('group', { header: 'Group', cell: (info) => info.getValue() ?? <Empty /> }),
  column.accessor('specialty', { header: 'Specialty', cell: (info) => info.getValue() ?? <Empty /> }),
]);

type PractitionersListScreenProps = { search: PractitionerListSearch; onSearchChange(change: Partial<PractitionerListSearch>): void };

export function PractitionersListScreen({ search, onSearchChange }: PractitionersListScreenProps) {
  const list = useQuery(practitionerListQuery(useAccountKey(), search));
  const navigate = useNavigate();
  const { openPanel } = useWorkspace();
  const q = search.q.trim();
  return (
    <section aria-labelledby="practitioners-title">
      <PageHeader title="Practitioners" titleId="practitioners-title" description="Clinicians, their specialties and groups. Make a person a practitioner from their page." />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <FilterInput label="Filter practitioners" placeholder="Name, group, specialty or id" value={search.q} onValueChange={(value) => onSearchChange({ q: value, page: 1 })} />
      </div>
      <DataTable
        label="Practitioners"
        columns={columns}
        data={list.data?.items}
        rowCount={list.data?.total ?? 0}
        rowCountEstimated={list.data?.totalEstimated}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.name}
        page={search.page}
        pageSize={search.size}
        pageSizes={pageSizes}
        sort={{ id: search.sort, desc: search.order === 'desc' }}
        onPageChange={(page) => onSearchChange({ page })}
        onPageSizeChange={(size) => onSearchChange({ size: size as PractitionerListSearch['size'], page: 1 })}
        onSortChange={(next) => onSearchChange({ sort: (next?.id ?? 'name') as PractitionerSort, order: next?.desc ? 'desc' : 'asc', page: 1 })}
        onOpen={(row) => void navigate({ to: '/practice/practitioners/$personId', params: { personId: row.id } })}
        onOpenInPanel={(row) => openPanel(`/practice/practitioners/${row.id}`)}
        status={list.status}
        fetching={list.isPlaceholderData}
        empty={q ? `No practitioners match “${q}”.` : 'No practitioners yet.'}
        error={messages.tryAgain}
        onRetry={() => void list.refetch()}
      />
    </section>
  );
}
