import { createColumnHelper } from '@tanstack/react-table';
import { webhookEventLabels, type WebhookEndpoint } from '../../../domain/webhooks.ts';
import { nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { Empty } from '../../components/ui/description-list.tsx';
import { YesNo } from '../../components/ui/page-header.tsx';
import { recordListScreen } from '../../components/ui/record-list.tsx';
import { webhookListQuery } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, WebhookEndpoint>();

/** URL (a link), description, events, active. */
const columns = column.columns([
  column.accessor('url', { header: 'URL', meta: nameColumn, cell: (info) => <span className="break-all">{info.getValue()}</span> }),
  column.accessor('description', { header: 'Description', enableSorting: false, meta: { prose: true }, cell: (info) => info.getValue() ?? <Empty /> }),
  column.accessor('events', { header: 'Events', enableSorting: false, meta: { prose: true }, cell: (info) => info.getValue().map((type) => webhookEventLabels[type]).join(', ') }),
  column.accessor('active', { header: 'Active', cell: (info) => <YesNo value={info.getValue()} /> }),
]);

export const WebhooksListScreen = recordListScreen({
  title: 'Webhooks',
  noun: 'webhook endpoints',
  description: 'Where this account’s events are sent as they happen, signed, so your systems need not poll.',
  filterPlaceholder: 'URL, description or id',
  columns,
  query: webhookListQuery,
  getRowLabel: (row: WebhookEndpoint) => row.url,
  rowPath: '/system/webhooks/$webhookId',
  create: { label: 'Create webhook endpoint', to: '/system/webhooks/create', requires: { resource: '/webhooks', method: 'POST' } },
});
