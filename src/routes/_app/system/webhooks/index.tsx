import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { webhookListQuery } from '../../../../features/webhooks/queries.ts';
import { webhookListShape, type WebhookListSearch } from '../../../../features/webhooks/search.ts';
import { WebhooksListScreen } from '../../../../features/webhooks/webhooks-list-screen.tsx';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults } from '../../../../lib/list-search.ts';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';
import { searchParams } from '../../../../lib/search-params.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it, not a Retry that cannot work. */
const requires = { resource: '/webhooks', method: 'GET' } as const;

export const Route = createFileRoute('/_app/system/webhooks/')({
  beforeLoad: requirePermission(requires, 'see webhooks'),
  errorComponent: RouteError,
  validateSearch: searchParams(webhookListShape),
  search: { middlewares: [stripSearchParams({ ...listSearchDefaults, sort: 'url' })] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  // A failed prefetch is not the route's failure: the screen shows 'Error, please try again' with Retry.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(webhookListQuery(currentAccountKey(), deps)).catch(deniedOr(requires, 'see webhooks')),
  component: function WebhooksRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<WebhookListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return <WebhooksListScreen search={search} onSearchChange={handleSearchChange} />;
  },
});
