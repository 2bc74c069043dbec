import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { telephonySettingsQuery } from '../../../../features/telephony/queries.ts';
import { TelephonySettingsScreen } from '../../../../features/telephony/telephony-settings-screen.tsx';
import { currentAccountKey } from '../../../../lib/account.ts';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it. */
const requires = { resource: '/telephony/settings', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/telephony/')({
  beforeLoad: requirePermission(requires, 'see the telephony settings'),
  errorComponent: RouteError,
  loader: ({ context }) => context.queryClient.ensureQueryData(telephonySettingsQuery(currentAccountKey())).catch(deniedOr(requires, 'see the telephony settings')),
  component: TelephonySettingsScreen,
});
