import { createFileRoute } from '@tanstack/react-router';
import { AccountScreen } from '../../../features/accounts/account-screen.tsx';
import { accountQuery } from '../../../features/accounts/queries.ts';
import { currentAccountKey } from '../../../lib/account.ts';

export const Route = createFileRoute('/_app/account/$accountId')({
  // A missing or refused account is the screen's to show (404 screen, 'Error, please try again').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(accountQuery(currentAccountKey(), params.accountId)).catch(() => undefined),
  component: function AccountRoute() {
    const { accountId } = Route.useParams();
    return <AccountScreen accountId={accountId} />;
  },
});
