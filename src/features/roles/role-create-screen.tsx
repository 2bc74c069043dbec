import { useState } from 'react';
import { roleMessages } from '../../../domain/roles.ts';
import { CreateScreen, useCreateRecord } from '../../components/ui/create-screen.tsx';
import { useCreateRole } from './queries.ts';
import { emptyRole, RoleForm, toBody } from './role-form.tsx';

/** Spec §9: the role save snackbar shows 4000 ms. */
export const savedSnackbarMs = 4000;

/** Create role: 'Add Role' saves, shows 'Successfully Saved Role' and goes to /system/roles (spec §2), the new role's row active. */
export function RoleCreateScreen() {
  const [initial] = useState(emptyRole);
  const { handleSubmit, cancel } = useCreateRecord({
    create: useCreateRole(),
    toBody,
    savedMessage: roleMessages.saved,
    toastMs: savedSnackbarMs,
    list: '/system/roles',
    // Back to the list with the new role's row active, on its page (issue 24).
    then: 'selected-in-list',
  });
  return (
    <CreateScreen title="Create role" back={{ to: '/system/roles', label: 'Roles' }} width="wide">
      <RoleForm label="Create role" initial={initial} submitLabel="Add Role" onSubmit={handleSubmit} onCancel={cancel} />
    </CreateScreen>
  );
}
