import { createColumnHelper } from '@tanstack/react-table';
import type { PracticeTeamListItem } from '../../../domain/practice-teams.ts';
import { nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { YesNo } from '../../components/ui/page-header.tsx';
import { recordListScreen } from '../../components/ui/record-list.tsx';
import { practiceTeamListQuery } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, PracticeTeamListItem>();

/** Practice teams: Name (link), Type, Affiliation, Members, Viewable, Schedulable; sorted and filtered by the server. */
const columns = column.columns([
  column.accessor('name', { header: 'Name', meta: nameColumn }),
  column.accessor('type', { header: 'Type', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('affiliation', { header: 'Affiliation', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('memberCount', { header: 'Members' }),
  column.accessor('isViewable', { header: 'Viewable', cell: (info) => <YesNo value={info.getValue()} /> }),
  column.accessor('isSchedulable', { header: 'Schedulable', cell: (info) => <YesNo value={info.getValue()} /> }),
]);

export const PracticeTeamsListScreen = recordListScreen({
  title: 'Practice Teams',
  noun: 'teams',
  description: "The practice's own teams of people: care teams, the front desk, billing, the answering service.",
  filterPlaceholder: 'Name, type, affiliation or description',
  columns,
  query: practiceTeamListQuery,
  rowPath: '/practice/teams/$teamId',
  create: { label: 'Add Team', to: '/practice/teams/create', requires: { resource: '/teams/teams', method: 'POST' } },
});
