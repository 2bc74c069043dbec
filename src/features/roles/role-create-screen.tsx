import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { roleMessages } from '../../../domain/roles.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useToast } from '../../lib/toast.ts';
import { useCreateRole } from './queries.ts';
import { emptyRole, RoleForm, toBody, type RoleFormValues } from './role-form.tsx';

/** Spec §9: the role save snackbar shows 4000 ms. */
export const savedSnackbarMs = 4000;

/** Create role: 'Add Role' saves, shows 'Successfully Saved Role' and goes to /system/roles (spec §2), the new role's row active. */
export function RoleCreateScreen() {
  const create = useCreateRole();
  const navigate = useNavigate();
  const toast = useToast();
  const [initial] = useState(emptyRole);

  const handleSubmit = async (values: RoleFormValues) => {
    const created = await create.mutateAsync(toBody(values));
    toast('success', roleMessages.saved, savedSnackbarMs);
    // Back to the list with the new role's row active, on its page (issue 24).
    await navigate({ to: '/system/roles', search: { selected: created.id }, ignoreBlocker: true });
  };

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Create role"
        back={
          <Link to="/system/roles" className="text-brand-700 hover:underline dark:text-brand-100">
            <span aria-hidden="true">← </span>Roles
          </Link>
        }
      />
      <RoleForm label="Create role" initial={initial} submitLabel="Add Role" onSubmit={handleSubmit} onCancel={() => void navigate({ to: '/system/roles' })} />
    </div>
  );
}
