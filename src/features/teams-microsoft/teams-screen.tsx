import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { Team } from '../../../domain/teams.ts';
import { nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { YesNo } from '../../components/ui/page-header.tsx';
import { RecordIdCell, RecordList } from '../../components/ui/record-list.tsx';
import { useAccountKey } from '../../lib/account.ts';
import type { ListSearch } from '../../lib/list-search.ts';
import { InstallBotButton } from './install-bot-button.tsx';
import { TenantNotice, tenantProblem } from './no-tenant.tsx';
import { teamListQuery, teamsQuery, type TeamSort } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, Team>();

/** Teams of the tenant: Id, Name (link to its channels), Description, Bot Installed, and Install bot where it is not. */
const columns = column.columns([
  column.accessor('id', { header: 'Id', enableSorting: false, cell: (info) => <RecordIdCell id={info.getValue()} /> }),
  column.accessor('displayName', { id: 'name', header: 'Name', meta: nameColumn }),
  column.accessor('description', { header: 'Description', meta: { prose: true }, cell: (info) => info.getValue() ?? '—' }),
  column.accessor('botInstalled', { header: 'Bot Installed', cell: (info) => <YesNo value={info.getValue()} /> }),
  column.display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }) => (row.original.botInstalled ? null : <InstallBotButton teamId={row.original.id} teamName={row.original.displayName} inList />),
  }),
]);

type TeamsScreenProps = {
  search: ListSearch<TeamSort>;
  onSearchChange(change: Partial<ListSearch<TeamSort>>): void;
};

const title = 'Teams';

export function TeamsScreen({ search, onSearchChange }: TeamsScreenProps) {
  const teams = useQuery(teamsQuery(useAccountKey()));
  const problem = tenantProblem(teams.error);
  if (problem) return <TenantNotice title={title} problem={problem} />;
  return (
    <RecordList
      title={title}
      noun="teams"
      description="The Microsoft Teams of the account’s tenant. The bot can post to a team’s channels once it is installed there; Enter opens a team’s channels."
      filterPlaceholder="Name, description or id"
      columns={columns}
      query={teamListQuery}
      getRowLabel={(row) => `${row.displayName}, bot ${row.botInstalled ? 'installed' : 'not installed'}`}
      rowPath="/system/microsoft/teams/teams/$teamId/channels"
      search={search}
      onSearchChange={onSearchChange}
    />
  );
}
