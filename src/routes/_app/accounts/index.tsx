import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { accountSortColumns } from '../../../../domain/account-sort.ts';
import { AccountsListScreen } from '../../../features/accounts/accounts-list-screen.tsx';
import { InstanceAdminOnly } from '../../../features/accounts/instance-admin-only.tsx';
import { accountAdminListQuery, type AccountListSearch } from '../../../features/accounts/queries.ts';
import { currentAccountKey } from '../../../lib/account.ts';
import { listSearchDefaults, listSearchSchema } from '../../../lib/list-search.ts';
import { accessPolicyQuery } from '../../../lib/session.ts';

export const Route = createFileRoute('/_app/accounts/')({
  validateSearch: listSearchSchema(accountSortColumns),
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  // Only an instance administrator's list is fetched; anyone else sees the 404 screen. A failed prefetch is the screen's to show.
  loader: async ({ context, deps }) => {
    const policy = await context.queryClient.ensureQueryData(accessPolicyQuery(currentAccountKey())).catch(() => null);
    if (policy?.instanceAdmin) await context.queryClient.ensureQueryData(accountAdminListQuery(currentAccountKey(), deps)).catch(() => undefined);
  },
  component: function AccountsRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<AccountListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return (
      <InstanceAdminOnly>
        <AccountsListScreen search={search} onSearchChange={handleSearchChange} />
      </InstanceAdminOnly>
    );
  },
});
