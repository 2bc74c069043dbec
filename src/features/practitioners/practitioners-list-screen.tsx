import { createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { PractitionerListItem } from '../../../domain/persons.ts';
import { nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { Empty } from '../../components/ui/description-list.tsx';
import { YesNo } from '../../components/ui/page-header.tsx';
import { RecordIdCell, RecordList } from '../../components/ui/record-list.tsx';
import { practitionerListQuery, type PractitionerListSearch } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, PractitionerListItem>();

/** Spec §2 Lists: Id, Name, Active, Group, Specialty. */
const columns = column.columns([
  column.accessor('id', { header: 'Id', cell: (info) => <RecordIdCell id={info.getValue()} /> }),
  column.accessor('name', { header: 'Name', meta: nameColumn }),
  column.accessor('active', { header: 'Active', cell: (info) => <YesNo value={info.getValue()} /> }),
  column.accessor('group', { header: 'Group', cell: (info) => info.getValue() ?? <Empty /> }),
  column.accessor('specialty', { header: 'Specialty', cell: (info) => info.getValue() ?? <Empty /> }),
]);

type PractitionersListScreenProps = {
  search: PractitionerListSearch;
  onSearchChange(change: Partial<PractitionerListSearch>): void;
  /** Filters composed in by the route (the tag filter). */
  filters?: ReactNode;
};

export function PractitionersListScreen({ search, onSearchChange, filters }: PractitionersListScreenProps) {
  return (
    <RecordList
      title="Practitioners"
      noun="practitioners"
      description="Clinicians, their specialties and groups. Make a person a practitioner from their page."
      filter={{ label: 'Filter practitioners', placeholder: 'Name, group, specialty or id' }}
      filters={filters}
      activeFilters={search.tag.trim() ? [`tagged “${search.tag.trim()}”`] : []}
      onClearFilters={() => onSearchChange({ q: '', tag: '', page: 1 })}
      columns={columns}
      query={practitionerListQuery}
      rows={(page) => page.items}
      getRowLabel={(row) => row.name}
      rowPath="/practice/practitioners/$personId"
      search={search}
      onSearchChange={onSearchChange}
    />
  );
}
