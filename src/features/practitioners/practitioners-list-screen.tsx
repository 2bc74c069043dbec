import { createColumnHelper } from '@tanstack/react-table';
import type { PractitionerListItem } from '../../../domain/persons.ts';
import { nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { Empty } from '../../components/ui/description-list.tsx';
import { YesNo } from '../../components/ui/page-header.tsx';
import { RecordIdCell, recordListScreen } from '../../components/ui/record-list.tsx';
import { practitionerListQuery } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, PractitionerListItem>();

/** Spec §2 Lists: Id, Name, Active, Group, Specialty. */
const columns = column.columns([
  column.accessor('id', { header: 'Id', cell: (info) => <RecordIdCell id={info.getValue()} /> }),
  column.accessor('name', { header: 'Name', meta: nameColumn }),
  column.accessor('active', { header: 'Active', cell: (info) => <YesNo value={info.getValue()} /> }),
  column.accessor('group', { header: 'Group', cell: (info) => info.getValue() ?? <Empty /> }),
  column.accessor('specialty', { header: 'Specialty', cell: (info) => info.getValue() ?? <Empty /> }),
]);

export const PractitionersListScreen = recordListScreen({
  title: 'Practitioners',
  noun: 'practitioners',
  description: 'Clinicians, their specialties and groups. Make a person a practitioner from their page.',
  filterPlaceholder: 'Name, group, specialty or id',
  columns,
  query: practitionerListQuery,
  rowPath: '/practice/practitioners/$personId',
});
