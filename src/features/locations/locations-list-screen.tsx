import { createColumnHelper } from '@tanstack/react-table';
import type { LocationListItem } from '../../../domain/locations.ts';
import { nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { Empty } from '../../components/ui/description-list.tsx';
import { RecordIdCell, recordListScreen } from '../../components/ui/record-list.tsx';
import { locationListQuery } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, LocationListItem>();

/** Spec §2 Lists: Id, Name; City (of the first address) and the number of services help tell sites apart. */
const columns = column.columns([
  column.accessor('id', { header: 'Id', cell: (info) => <RecordIdCell id={info.getValue()} /> }),
  column.accessor('name', { header: 'Name', meta: nameColumn }),
  column.accessor('city', {
    header: 'City',
    cell: (info) => {
      const { city, state } = info.row.original;
      return city ? [city, state].filter(Boolean).join(', ') : <Empty />;
    },
  }),
  column.accessor('serviceCount', { id: 'services', header: 'Services' }),
]);

export const LocationsListScreen = recordListScreen({
  title: 'Locations',
  noun: 'locations',
  description: "The practice's sites, their addresses and the services offered there.",
  filterPlaceholder: 'Name, city, service or id',
  columns,
  query: locationListQuery,
  rowPath: '/practice/locations/$locationId',
  create: { label: 'Add Location', to: '/practice/locations/create', requires: { resource: '/locations/locations', method: 'POST' } },
});
