import { createColumnHelper } from '@tanstack/react-table';
import type { PersonListItem } from '../../../domain/persons.ts';
import { nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { YesNo } from '../../components/ui/page-header.tsx';
import { RecordIdCell, recordListScreen } from '../../components/ui/record-list.tsx';
import { personListQuery } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, PersonListItem>();

/**
 * Spec §2 Lists: Id (link), Name (link; the row's Tab stop), Organization Role (yes/no), Practitioner (yes/no), User (yes/no).
 * The role itself is on the person's page and in the cell's title.
 */
const columns = column.columns([
  column.accessor('id', { header: 'Id', cell: (info) => <RecordIdCell id={info.getValue()} to="/practice/persons/$personId" /> }),
  column.accessor('displayName', { id: 'name', header: 'Name', meta: nameColumn }),
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

export const PersonsListScreen = recordListScreen({
  title: 'Persons',
  noun: 'persons',
  description: 'Patients, staff and contacts of the practice.',
  filterPlaceholder: 'Name, id or organization role',
  columns,
  query: personListQuery,
  rows: (page) => page.Items,
  getRowLabel: (row) => row.displayName,
  rowPath: '/practice/persons/$personId',
  create: { label: 'Add Person', to: '/practice/person/create', requires: { resource: '/person/persons', method: 'POST' } },
});
