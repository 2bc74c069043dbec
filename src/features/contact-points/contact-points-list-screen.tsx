import { createColumnHelper } from '@tanstack/react-table';
import type { ContactPointListItem } from '../../../domain/contact-points.ts';
import { nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { Empty } from '../../components/ui/description-list.tsx';
import { YesNo } from '../../components/ui/page-header.tsx';
import { RecordIdCell, recordListScreen } from '../../components/ui/record-list.tsx';
import { contactPointListQuery } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, ContactPointListItem>();

/** Issue #9: Id, Name (link), Value, VIP, Service Provider, System Type, Rank. */
const columns = column.columns([
  column.accessor('id', { header: 'Id', cell: (info) => <RecordIdCell id={info.getValue()} /> }),
  column.accessor('name', { header: 'Name', meta: nameColumn }),
  column.accessor('value', { header: 'Value' }),
  column.accessor('vip', { header: 'VIP', cell: (info) => <YesNo value={info.getValue()} /> }),
  column.accessor('serviceProvider', { header: 'Service Provider' }),
  column.accessor('systemType', { header: 'System Type', cell: (info) => info.getValue() ?? <Empty /> }),
  column.accessor('rank', { header: 'Rank' }),
]);

export const ContactPointsListScreen = recordListScreen({
  title: 'Contact Points',
  noun: 'contact points',
  description: 'The numbers, addresses and queues the practice is reached at. A number matches in any spelling.',
  filterPlaceholder: 'Name, value, number or id',
  columns,
  query: contactPointListQuery,
  getRowLabel: (row) => `${row.name}, ${row.value}`,
  rowPath: '/practice/contact-points/$contactPointId',
  create: { label: 'Add Contact Point', to: '/practice/contact-points/create', requires: { resource: '/contactpoints/contact-points', method: 'POST' } },
});
