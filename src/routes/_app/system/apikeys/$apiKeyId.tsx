import { createFileRoute } from '@tanstack/react-router';
import { ApiKeyScreen } from '../../../../features/apikeys/api-key-screen.tsx';
import { apiKeyQuery } from '../../../../features/apikeys/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';

export const Route = createFileRoute('/_app/system/apikeys/$apiKeyId')({
  // A missing or failing key is the screen's to show (404 screen, 'Error, please try again').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(apiKeyQuery(currentAccountKey(), params.apiKeyId)).catch(() => undefined),
  component: function ApiKeyRoute() {
    const { apiKeyId } = Route.useParams();
    return <ApiKeyScreen apiKeyId={apiKeyId} />;
  },
});
