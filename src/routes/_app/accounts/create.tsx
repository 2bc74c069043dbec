import { createFileRoute } from '@tanstack/react-router';
import { AccountCreateScreen } from '../../../features/accounts/account-create-screen.tsx';
import { InstanceAdminOnly } from '../../../features/accounts/instance-admin-only.tsx';

export const Route = createFileRoute('/_app/accounts/create')({
  component: () => (
    <InstanceAdminOnly>
      <AccountCreateScreen />
    </InstanceAdminOnly>
  ),
});
