import { createColumnHelper } from '@tanstack/react-table';
import type { InsuranceListItem } from '../../../domain/insurances.ts';
import { nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { YesNo } from '../../components/ui/page-header.tsx';
import { RecordIdCell, recordListScreen } from '../../components/ui/record-list.tsx';
import { insuranceListQuery } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, InsuranceListItem>();

/** Insurances: Id, Plan Name (link), Types, Prefixes and what an agent asks first (network, referral, authorization, secondary). */
const columns = column.columns([
  column.accessor('id', { header: 'Id', cell: (info) => <RecordIdCell id={info.getValue()} /> }),
  column.accessor('insurancePlanName', { id: 'name', header: 'Plan Name', meta: nameColumn }),
  column.accessor('insuranceType', { header: 'Types', enableSorting: false, cell: (info) => info.getValue().join(', ') || '—' }),
  column.accessor('planPrefix', { header: 'Prefixes', enableSorting: false, cell: (info) => <span className="font-mono text-xs">{info.getValue().join(', ') || '—'}</span> }),
  column.accessor('isInNetwork', { header: 'In Network', cell: (info) => <YesNo value={info.getValue()} /> }),
  column.accessor('isReferralRequired', { header: 'Referral', cell: (info) => <YesNo value={info.getValue()} /> }),
  column.accessor('isAuthorizationRequired', { header: 'Authorization', cell: (info) => <YesNo value={info.getValue()} /> }),
  column.accessor('isSecondaryOnly', { header: 'Secondary Only', cell: (info) => <YesNo value={info.getValue()} /> }),
]);

export const InsurancesListScreen = recordListScreen({
  title: 'Insurances',
  noun: 'insurances',
  description: 'The insurance plans the practice deals with, and what callers must know about each.',
  filterPlaceholder: 'Plan name, prefix or type',
  columns,
  query: insuranceListQuery,
  getRowLabel: (row) => row.insurancePlanName,
  rowPath: '/practice/insurances/$insuranceId',
  create: { label: 'Add Insurance', to: '/practice/insurances/create', requires: { resource: '/insurances', method: 'POST' } },
});
