import { createColumnHelper } from '@tanstack/react-table';
import type { MaskingSession } from '../../../domain/masking.ts';
import { nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { recordListScreen } from '../../components/ui/record-list.tsx';
import { phoneLabel } from '../../lib/format.ts';
import { MaskingStatusLabel, PersonLink, When } from './parts.tsx';
import { maskedCallListQuery } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, MaskingSession>();

/**
 * Masked calls: the patient's number (the row's link to the session), the person (a link to the
 * person's page), the practice line, status, calls used of those allowed, expiry and when it was
 * set up; newest first.
 */
const columns = column.columns([
  column.accessor('patientNumber', { header: 'Patient number', enableSorting: false, meta: nameColumn, cell: (info) => phoneLabel(info.getValue()) }),
  column.accessor('personName', {
    header: 'Person',
    enableSorting: false,
    cell: (info) => <PersonLink personId={info.row.original.personId} personName={info.getValue()} inRow />,
  }),
  column.accessor('practiceContactPointName', { header: 'Practice line', enableSorting: false }),
  column.accessor('status', { header: 'Status', enableSorting: false, cell: (info) => <MaskingStatusLabel status={info.getValue()} /> }),
  column.accessor('callsUsed', { header: 'Calls', enableSorting: false, cell: (info) => `${info.getValue()} of ${info.row.original.maxCalls}` }),
  column.accessor('expiresAt', { header: 'Expires', cell: (info) => <When value={info.getValue()} /> }),
  column.accessor('createdTimestamp', { header: 'Set up', cell: (info) => <When value={info.getValue()} /> }),
]);

export const MaskedCallsListScreen = recordListScreen({
  title: 'Masked calls',
  noun: 'masked calls',
  description: "Links that let a patient have the practice call them back, neither side seeing the other's number.",
  filterPlaceholder: 'Person, number, practice line or status',
  columns,
  query: maskedCallListQuery,
  rowPath: '/practice/masked-calls/$sessionId',
  getRowLabel: (row) => `${row.personName ?? phoneLabel(row.patientNumber)}, ${row.status}`,
  create: { label: 'Set up masked call', to: '/practice/masked-calls/create', requires: { resource: '/call_masking/sessions', method: 'POST' } },
});
