import { createFileRoute } from '@tanstack/react-router';
import { roleQuery } from '../../../../features/roles/queries.ts';
import { RoleScreen } from '../../../../features/roles/role-screen.tsx';
import { currentAccountKey } from '../../../../lib/account.ts';

export const Route = createFileRoute('/_app/system/roles/$roleId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(roleQuery(currentAccountKey(), params.roleId)).catch(() => undefined),
  component: function RoleRoute() {
    const { roleId } = Route.useParams();
    return <RoleScreen roleId={roleId} />;
  },
});
