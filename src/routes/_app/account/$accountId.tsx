import { createFileRoute } from '@tanstack/react-router';
import { AccountScreen } from '../../../features/accounts/account-screen.tsx';

export const Route = createFileRoute('/_app/account/$accountId')({
  component: function AccountRoute() {
    const { accountId } = Route.useParams();
    return <AccountScreen accountId={accountId} />;
  },
});
