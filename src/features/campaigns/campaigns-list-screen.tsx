import { createColumnHelper } from '@tanstack/react-table';
import type { CampaignListItem } from '../../../domain/campaigns.ts';
import { nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { recordListScreen } from '../../components/ui/record-list.tsx';
import { CampaignStatusBadge, When } from './campaign-parts.tsx';
import { campaignListQuery } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, CampaignListItem>();
const count = { meta: { headerClassName: 'text-right', cellClassName: 'text-right tabular-nums' } } as const;

/** Spec §2 "Campaigns" list: Name (link), Status, Start, End, Requests, Reached, Completed, responses. */
const columns = column.columns([
  column.accessor('name', {
    header: 'Name',
    meta: nameColumn,
  }),
  column.accessor('status', { header: 'Status', cell: (info) => <CampaignStatusBadge status={info.getValue()} /> }),
  column.accessor('startTimestamp', { header: 'Start', cell: (info) => <When at={info.getValue()} /> }),
  column.accessor('endTimestamp', { header: 'End', cell: (info) => <When at={info.getValue()} /> }),
  column.accessor('requestCount', { header: 'Requests', ...count }),
  column.accessor('reachedCount', { header: 'Reached', ...count }),
  column.accessor('completedCount', { header: 'Completed', ...count }),
  column.accessor('responseCount', { header: 'Responses', ...count }),
]);

export const CampaignsListScreen = recordListScreen({
  title: 'Campaigns',
  noun: 'campaigns',
  description: 'Surveys sent to patients by SMS, and how they answered.',
  filterPlaceholder: 'Name, description or id',
  columns,
  query: campaignListQuery,
  rowPath: '/campaigns/campaign/$campaignId',
  create: { label: 'Create', to: '/campaigns/campaign/create', requires: { resource: '/surveys/campaigns', method: 'POST' } },
});
