import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect } from 'react';
import { messages } from '../../../domain/messages.ts';
import { pageSizes, type PersonListItem, type PersonSort } from '../../../domain/persons.ts';
import { Button } from '../../components/ui/button.tsx';
import { DataTable, type DataTableFeatures, type DataTableSort } from '../../components/ui/data-table.tsx';
import { FilterInput } from '../../components/ui/filter-input.tsx';
import { PageHeader, YesNo } from '../../components/ui/page-header.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { isPlainKey, isTypingTarget } from '../../lib/keyboard.ts';
import { useCan } from '../../lib/policy.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { personListQuery, type PersonListSearch } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, PersonListItem>();

/**
 * Spec §2 Lists: Id (link), Name, Organization Role (yes/no), Practitioner (yes/no), User (yes/no).
 * The role itself is on the person's page and in the cell's title.
 */
const columns = column.columns([
  column.accessor('id', {
    header: 'Id',
    cell: (info) => (
      <Link
        to="/practice/persons/$personId"
        params={{ personId: info.getValue() }}
        className="font-mono text-xs text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
      >
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('displayName', { id: 'name', header: 'Name', meta: { cellClassName: 'font-medium' } }),
  column.accessor('orgRole', {
    header: 'Organization Role',
    cell: (info) => (
      <span title={info.getValue() ?? undefined}>
        <YesNo value={Boolean(info.getValue())} />
      </span>
    ),
  }),
  column.accessor('practitionerRecord', { id: 'practitioner', header: 'Practitioner', cell: (info) => <YesNo value={info.getValue()} /> }),
  column.accessor('userRecord', { id: 'user', header: 'User', cell: (info) => <YesNo value={info.getValue()} /> }),
]);

type PersonsListScreenProps = {
  search: PersonListSearch;
  onSearchChange(change: Partial<PersonListSearch>): void;
};

export function PersonsListScreen({ search, onSearchChange }: PersonsListScreenProps) {
  const account = useAccountKey();
  const list = useQuery(personListQuery(account, search));
  const navigate = useNavigate();
  const { openPanel } = useWorkspace();
  const canCreate = useCan('/person/persons', 'POST');

  // C: add a person (only here, and only for roles that may create one).
  useEffect(() => {
    if (!canCreate) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isPlainKey(event) || event.shiftKey || (event.key !== 'c' && event.key !== 'C')) return;
      if (isTypingTarget(event.target) || document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      void navigate({ to: '/practice/person/create' });
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [canCreate, navigate]);

  const sort: DataTableSort = { id: search.sort, desc: search.order === 'desc' };
  const q = search.q.trim();

  return (
    <section aria-labelledby="persons-title">
      <PageHeader
        title="Persons"
        titleId="persons-title"
        description="Patients, staff and contacts of the practice."
        actions={
          canCreate ? (
            <Button asChild>
              <Link to="/practice/person/create" aria-keyshortcuts="C">
                Add Person
                <kbd aria-hidden="true" className="rounded border border-white/40 px-1 font-sans text-xs">
                  C
                </kbd>
              </Link>
            </Button>
          ) : null
        }
      />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <FilterInput label="Filter persons" placeholder="Name, id or organization role" value={search.q} onValueChange={(value) => onSearchChange({ q: value, page: 1 })} />
      </div>
      <DataTable
        label="Persons"
        columns={columns}
        data={list.data?.Items}
        rowCount={list.data?.total ?? 0}
        rowCountEstimated={list.data?.totalEstimated}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.displayName}
        page={search.page}
        pageSize={search.size}
        pageSizes={pageSizes}
        sort={sort}
        onPageChange={(page) => onSearchChange({ page })}
        onPageSizeChange={(size) => onSearchChange({ size: size as PersonListSearch['size'], page: 1 })}
        onSortChange={(next) => onSearchChange({ sort: (next?.id ?? 'name') as PersonSort, order: next?.desc ? 'desc' : 'asc', page: 1 })}
        onOpen={(row) => void navigate({ to: '/practice/persons/$personId', params: { personId: row.id } })}
        onOpenInPanel={(row) => openPanel(`/practice/persons/${row.id}`)}
        status={list.status}
        fetching={list.isPlaceholderData}
        empty={q ? `No persons match “${q}”.` : 'No persons yet.'}
        error={messages.tryAgain}
        onRetry={() => void list.refetch()}
      />
    </section>
  );
}
