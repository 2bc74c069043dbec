import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../../components/ui/no-permission.tsx';
import { requirePermission } from '../../../../../lib/route-guard.ts';
import { userQuery } from '../../../../../features/users/queries.ts';
import { UserEditScreen } from '../../../../../features/users/user-edit-screen.tsx';
import { currentAccountKey } from '../../../../../lib/account.ts';

export const Route = createFileRoute('/_app/practice/users/edit/$personId')({
  beforeLoad: requirePermission({ resource: '/person/users/{id}', method: 'PATCH' }, 'edit users'),
  errorComponent: RouteError,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(userQuery(currentAccountKey(), params.personId)).catch(() => undefined),
  component: function UserEditRoute() {
    const { personId } = Route.useParams();
    return <UserEditScreen personId={personId} />;
  },
});
