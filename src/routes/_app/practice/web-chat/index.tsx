import { createFileRoute } from '@tanstack/react-router';
import { WebChatSettingsScreen } from '../../../../features/web-chat/web-chat-settings-screen.tsx';
import { webChatSettingsQuery } from '../../../../features/web-chat/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it. */
const requires = { resource: '/chat/settings', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/web-chat/')({
  beforeLoad: requirePermission(requires, 'see web chat settings'),
  errorComponent: RouteError,
  loader: ({ context }) => context.queryClient.ensureQueryData(webChatSettingsQuery(currentAccountKey())).catch(deniedOr(requires, 'see web chat settings')),
  component: WebChatSettingsScreen,
});
