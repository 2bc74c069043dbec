import { createFileRoute } from '@tanstack/react-router';
import { userQuery } from '../../../../features/users/queries.ts';
import { UserScreen } from '../../../../features/users/user-screen.tsx';
import { currentAccountKey } from '../../../../lib/account.ts';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/person/users/{id}', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/users/$personId')({
  beforeLoad: requirePermission(requires, 'see users'),
  errorComponent: RouteError,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(userQuery(currentAccountKey(), params.personId)).catch(deniedOr(requires, 'see users')),
  component: function UserRoute() {
    const { personId } = Route.useParams();
    return <UserScreen personId={personId} />;
  },
});
