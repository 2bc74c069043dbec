import { createFileRoute } from '@tanstack/react-router';
import { ApiKeyScreen } from '../../../../features/apikeys/api-key-screen.tsx';
import { apiKeyQuery } from '../../../../features/apikeys/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/permissions/apikeys/{id}', method: 'GET' } as const;

export const Route = createFileRoute('/_app/system/apikeys/$apiKeyId')({
  beforeLoad: requirePermission(requires, 'see API keys'),
  errorComponent: RouteError,
  // A missing or failing key is the screen's to show (404 screen, 'Error, please try again').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(apiKeyQuery(currentAccountKey(), params.apiKeyId)).catch(deniedOr(requires, 'see API keys')),
  component: function ApiKeyRoute() {
    const { apiKeyId } = Route.useParams();
    return <ApiKeyScreen apiKeyId={apiKeyId} />;
  },
});
