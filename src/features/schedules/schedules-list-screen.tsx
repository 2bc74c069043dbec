import { createColumnHelper } from '@tanstack/react-table';
import type { ScheduleListItem } from '../../../domain/schedules.ts';
import { nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { Empty } from '../../components/ui/description-list.tsx';
import { RecordIdCell, recordListScreen } from '../../components/ui/record-list.tsx';
import { scheduleListQuery } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, ScheduleListItem>();

/** Who or what a schedule is for: a practitioner by name, a location or queue by its id. */
export const ownerLabel = (s: Pick<ScheduleListItem, 'ownerType' | 'ownerId' | 'ownerName'>) =>
  s.ownerType ? `${s.ownerType}: ${s.ownerName ?? s.ownerId ?? ''}` : null;

const columns = column.columns([
  column.accessor('id', { header: 'Id', cell: (info) => <RecordIdCell id={info.getValue()} /> }),
  column.accessor('name', { header: 'Name', meta: nameColumn }),
  column.accessor('ownerType', { header: 'For', cell: (info) => ownerLabel(info.row.original) ?? <Empty /> }),
  column.accessor('description', { header: 'Description', enableSorting: false, meta: { prose: true }, cell: (info) => info.getValue() ?? <Empty /> }),
]);

export const SchedulesListScreen = recordListScreen({
  title: 'Schedules',
  noun: 'schedules',
  description: 'Calendars of the practice: on-call rotas, clinic hours, queue coverage.',
  filterPlaceholder: 'Name, description or id',
  columns,
  query: scheduleListQuery,
  rowPath: '/practice/schedules/$scheduleId',
  create: { label: 'Add Schedule', to: '/practice/schedules/create', requires: { resource: '/schedule/schedule', method: 'POST' } },
});
