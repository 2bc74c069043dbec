import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { TeamsUser } from '../../../domain/teams.ts';
import { nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { YesNo } from '../../components/ui/page-header.tsx';
import { RecordList } from '../../components/ui/record-list.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { TenantNotice, tenantProblem } from './no-tenant.tsx';
import { teamsUserListQuery, teamsUsersQuery, type TeamsUserSort } from './queries.ts';
import type { ListSearch } from '../../lib/list-search.ts';

const column = createColumnHelper<DataTableFeatures, TeamsUser>();

/** Teams users (spec §3 "Team-service user"): displayName, jobTitle, id, bot installed. */
const columns = column.columns([
  column.accessor('displayName', { id: 'name', header: 'Display Name', meta: nameColumn }),
  column.accessor('jobTitle', { header: 'Job Title', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('id', { header: 'Id', cell: (info) => <span className="font-mono text-xs">{info.getValue()}</span> }),
  column.accessor('teamsBotInstalled', { header: 'Bot Installed', cell: (info) => <YesNo value={info.getValue()} /> }),
]);

type TeamsUsersScreenProps = {
  search: ListSearch<TeamsUserSort>;
  onSearchChange(change: Partial<ListSearch<TeamsUserSort>>): void;
};

const title = 'Teams Users';

export function TeamsUsersScreen({ search, onSearchChange }: TeamsUsersScreenProps) {
  const directory = useQuery(teamsUsersQuery(useAccountKey()));
  const problem = tenantProblem(directory.error);
  if (problem) return <TenantNotice title={title} problem={problem} />;
  return (
    <RecordList
      title={title}
      noun="users"
      description="The people of the account’s Microsoft tenant, and whether the bot can reach them (it is installed on a team they are in)."
      filterPlaceholder="Name, job title, id or email"
      columns={columns}
      query={teamsUserListQuery}
      getRowLabel={(row) => `${row.displayName}, bot installed ${row.teamsBotInstalled ? 'yes' : 'no'}`}
      search={search}
      onSearchChange={onSearchChange}
    />
  );
}
