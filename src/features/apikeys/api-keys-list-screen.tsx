import { createColumnHelper } from '@tanstack/react-table';
import { apiReferencePath } from '../../../domain/api-reference.ts';
import type { ApiKeyListItem } from '../../../domain/api-keys.ts';
import { nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { Empty } from '../../components/ui/description-list.tsx';
import { YesNo } from '../../components/ui/page-header.tsx';
import { RecordIdCell, recordListScreen } from '../../components/ui/record-list.tsx';
import { LastUsed } from './last-used.tsx';
import { apiKeyListQuery } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, ApiKeyListItem>();

/** Spec §3 API key: Id, Name, Active, its role (by name), and when it was last used. */
const columns = column.columns([
  column.accessor('id', { header: 'Id', cell: (info) => <RecordIdCell id={info.getValue()} /> }),
  column.accessor('name', { header: 'Name', meta: nameColumn }),
  column.accessor('active', { header: 'Active', cell: (info) => <YesNo value={info.getValue()} /> }),
  column.accessor('roleName', { id: 'role', header: 'Role', cell: (info) => info.getValue() ?? <Empty /> }),
  column.accessor('lastUsedAt', { header: 'Last used', cell: (info) => <LastUsed at={info.getValue()} /> }),
]);

export const ApiKeysListScreen = recordListScreen({
  title: 'API Keys',
  noun: 'API keys',
  description: (
    <>
      Keys let other systems call the API with the permissions of a role of this account. What each call takes and answers, and a
      place to try one with a key: the{' '}
      <a href={apiReferencePath} target="_blank" rel="noopener noreferrer" className="font-medium text-sky-700 underline dark:text-sky-300">
        API reference<span className="sr-only"> (opens in a new tab)</span>
        <span aria-hidden="true"> ↗</span>
      </a>
      .
    </>
  ),
  filterPlaceholder: 'Name, role or id',
  columns,
  query: apiKeyListQuery,
  rows: (page) => page.apiKeys,
  rowPath: '/system/apikeys/$apiKeyId',
  create: { label: 'Create API key', to: '/system/apikeys/create', requires: { resource: '/permissions/apikeys', method: 'POST' } },
});
