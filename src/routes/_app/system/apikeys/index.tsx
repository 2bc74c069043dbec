import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { apiKeySortColumns } from '../../../../../domain/lists.ts';
import { ApiKeysListScreen } from '../../../../features/apikeys/api-keys-list-screen.tsx';
import { apiKeyListQuery, type ApiKeyListSearch } from '../../../../features/apikeys/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchSchema } from '../../../../lib/list-search.ts';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/permissions/apikeys', method: 'GET' } as const;

export const Route = createFileRoute('/_app/system/apikeys/')({
  beforeLoad: requirePermission(requires, 'see API keys'),
  errorComponent: RouteError,
  validateSearch: listSearchSchema(apiKeySortColumns),
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  // A failed prefetch is not the route's failure: the screen shows 'Error, please try again' with Retry.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(apiKeyListQuery(currentAccountKey(), deps)).catch(deniedOr(requires, 'see API keys')),
  component: function ApiKeysRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<ApiKeyListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return <ApiKeysListScreen search={search} onSearchChange={handleSearchChange} />;
  },
});
