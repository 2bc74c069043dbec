import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { roleQuery } from '../../../../features/roles/queries.ts';
import { RoleScreen } from '../../../../features/roles/role-screen.tsx';
import { currentAccountKey } from '../../../../lib/account.ts';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';
import { oneOf, searchParams } from '../../../../lib/search-params.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/permissions/roles/{id}', method: 'GET' } as const;

export const Route = createFileRoute('/_app/system/roles/$roleId')({
  beforeLoad: requirePermission(requires, 'see roles'),
  errorComponent: RouteError,
  // `?delete=1` (the palette's "Delete role") opens the delete confirmation once.
  validateSearch: searchParams({ delete: oneOf([1, '1'], undefined) }),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(roleQuery(currentAccountKey(), params.roleId)).catch(deniedOr(requires, 'see roles')),
  component: function RoleRoute() {
    const { roleId } = Route.useParams();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleDeleteAsked = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
    return <RoleScreen roleId={roleId} confirmDelete={search.delete !== undefined} onDeleteAsked={handleDeleteAsked} />;
  },
});
