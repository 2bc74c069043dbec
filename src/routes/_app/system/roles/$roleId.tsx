import * as v from 'valibot';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { roleQuery } from '../../../../features/roles/queries.ts';
import { RoleScreen } from '../../../../features/roles/role-screen.tsx';
import { currentAccountKey } from '../../../../lib/account.ts';

export const Route = createFileRoute('/_app/system/roles/$roleId')({
  // `?delete=1` (the palette's "Delete role") opens the delete confirmation once.
  validateSearch: v.object({ delete: v.fallback(v.optional(v.picklist([1, '1'])), undefined) }),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(roleQuery(currentAccountKey(), params.roleId)).catch(() => undefined),
  component: function RoleRoute() {
    const { roleId } = Route.useParams();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleDeleteAsked = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
    return <RoleScreen roleId={roleId} confirmDelete={search.delete !== undefined} onDeleteAsked={handleDeleteAsked} />;
  },
});
