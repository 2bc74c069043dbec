import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../domain/messages.ts';
import { roleMessages, type RoleDetail } from '../../../domain/roles.ts';
import { Button } from '../../components/ui/button.tsx';
import { conflictRows } from '../../components/ui/conflict-notice.tsx';
import { Card } from '../../components/ui/description-list.tsx';
import { ConfirmDeleteDialog, DeleteButton } from '../../components/ui/delete.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { useToast } from '../../lib/toast.ts';
import { useVersionedSave } from '../../components/ui/versioned-save.tsx';
import { RecordLoad } from '../../components/ui/record-page.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { saveFailure } from '../../lib/form.ts';
import { useMeets, type Requirement } from '../../lib/policy.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { roleQuery, useDeleteRole, useUpdateRole } from './queries.ts';
import { savedSnackbarMs } from './role-create-screen.tsx';
import { RoleForm, toBody, toValues, type RoleFormValues } from './role-form.tsx';

function Failure({ message }: { message: string }) {
  return (
    <div role="alert" className="mx-auto max-w-4xl rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      {message}
    </div>
  );
}

/** A role's page (spec §2 "Role form", §8): 'No Role Id' without an id, 'Failed to load role' (no retry) when it cannot load. */
export function RoleScreen({ roleId, confirmDelete, onDeleteAsked }: { roleId: string; confirmDelete?: boolean; onDeleteAsked?(): void }) {
  const account = useAccountKey();
  const role = useQuery({ ...roleQuery(account, roleId), enabled: roleId.trim() !== '' });
  if (roleId.trim() === '') return <Failure message={messages.noRoleId} />;
  // Spec §8: any failure reads 'Failed to load role', without a retry.
  return (
    <RecordLoad query={role} label="Loading role…" isMissing={() => true} missing={<Failure message={messages.failedToLoadRole} />}>
      {(data) => <RoleDetailView key={data.id} role={data} confirmDelete={confirmDelete === true} onDeleteAsked={onDeleteAsked} />}
    </RecordLoad>
  );
}

const editRole: Requirement = { resource: '/permissions/roles/{id}', method: 'PATCH' };
const deleteRole: Requirement = { resource: '/permissions/roles/{id}', method: 'DELETE' };

const conflictFields: { label: string; show(v: RoleFormValues): string }[] = [
  { label: 'Role Name', show: (v) => v.name },
  { label: 'Resource Permissions', show: (v) => `${Object.values(v.resources).reduce((n, m) => n + Object.keys(m ?? {}).length, 0)} granted` },
  { label: 'CCP Configuration', show: (v) => (v.ccpEnabled ? 'On' : 'Off') },
];

function RoleDetailView({ role, confirmDelete, onDeleteAsked }: { role: RoleDetail; confirmDelete: boolean; onDeleteAsked?(): void }) {
  const [editing, setEditing] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);
  useEffect(() => {
    if (!toggled.current) return;
    if (editing) document.querySelector<HTMLInputElement>('form[aria-label="Edit role"] input')?.focus();
    else toggleRef.current?.focus();
  }, [editing]);
  const toggle = (next: boolean) => {
    toggled.current = true;
    setEditing(next);
  };
  const titleId = `role-${role.id}-title`;

  // Whoever may edit roles but not delete them sees Delete disabled, naming the grant it needs.
  const mayEdit = useMeets(editRole);
  // Issue 24: a role granting what the caller's lacks is not theirs to edit or delete (the server
  // refuses it, and its answer says so): Edit and Delete are disabled, the reason shown.
  const locked = role.roleBeyondYours === true;
  const meetsDelete = useMeets(deleteRole);
  const lockedId = `${titleId}-locked`;

  return (
    <article aria-labelledby={titleId} className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <PageHeader
        titleId={titleId}
        title={role.name}
        description={`${role.userCount} ${role.userCount === 1 ? 'user holds' : 'users hold'} this role`}
        back={
          <Link to="/system/roles" className="text-brand-700 hover:underline dark:text-brand-300">
            <span aria-hidden="true">← </span>Roles
          </Link>
        }
        actions={
          <>
            {editing ? null : (
              <Permitted requires={deleteRole} whenDenied={mayEdit ? 'disable' : 'hide'}>
                <DeleteRole role={role} askNow={confirmDelete} onAsked={onDeleteAsked} disabled={locked} aria-describedby={locked ? lockedId : undefined} />
              </Permitted>
            )}
            <Permitted requires={editRole}>
              <Button
                ref={toggleRef}
                variant={editing ? 'secondary' : 'primary'}
                disabled={locked && !editing}
                aria-describedby={locked ? lockedId : undefined}
                onClick={() => toggle(!editing)}
              >
                {editing ? 'Cancel' : 'Edit'}
              </Button>
            </Permitted>
          </>
        }
      />
      {locked && (mayEdit || meetsDelete) ? (
        <p id={lockedId} className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {messages.roleLocked}
        </p>
      ) : null}
      {editing ? (
        <RoleEdit role={role} onDone={() => toggle(false)} />
      ) : (
        <RoleForm key={`view-${role.version}`} label="Role" initial={toValues(role)} readOnly />
      )}
      <Card title="Users with this role" titleId={`${titleId}-users`}>
        {role.associatedUsers.length > 0 ? (
          <ul aria-labelledby={`${titleId}-users`} className="flex flex-col gap-1 text-sm">
            {role.associatedUsers.map((user) => (
              <li key={user.id}>
                <Link to="/practice/users/$personId" params={{ personId: user.id }} className="text-brand-700 hover:underline dark:text-brand-300">
                  {user.name}
                </Link>{' '}
                <span className="text-slate-600 dark:text-slate-400">{user.email}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">No user holds this role.</p>
        )}
      </Card>
    </article>
  );
}

/**
 * Edit mode, mounted afresh each time Edit is pressed (so it starts from the role as saved now):
 * a save names the version it edited; a 409 shows the conflict notice instead of overwriting.
 */
function RoleEdit({ role, onDone }: { role: RoleDetail; onDone(): void }) {
  const account = useAccountKey();
  const queryClient = useQueryClient();
  const toast = useToast();
  const update = useUpdateRole(role.id);
  const { base, notice, submit } = useVersionedSave({
    initial: role,
    save: (values: RoleFormValues, version): Promise<unknown> => update.mutateAsync({ version, ...toBody(values, toValues(base)) }),
    fetchCurrent: () => queryClient.fetchQuery({ ...roleQuery(account, role.id), staleTime: 0 }),
    onSaved: async () => {
      toast('success', roleMessages.saved, savedSnackbarMs);
      // The page shows (and the next Edit starts from) the role as saved.
      await queryClient.refetchQueries({ queryKey: roleQuery(account, role.id).queryKey, exact: true });
      onDone();
    },
    conflictRows: (mine, current) => conflictRows(conflictFields, mine, toValues(current)),
    saving: update.isPending,
  });
  return <RoleForm key={`edit-${base.version}`} label="Edit role" initial={toValues(base)} submitLabel="Save Changes" onSubmit={submit} onCancel={onDone} notice={notice} />;
}

/**
 * Delete, after a confirmation (a role is deleted for good). A role users still hold is refused
 * by the server (409, naming how many); the dialog shows that answer and stays open, and closing
 * it gives focus back to Delete. `askNow` opens the dialog (the palette's "Delete role").
 */
function DeleteRole({ role, askNow = false, onAsked, disabled, ...rest }: { role: RoleDetail; askNow?: boolean; onAsked?(): void; disabled?: boolean; 'aria-describedby'?: string }) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeleteRole(role.id);
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname, closePanel } = useWorkspace();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!askNow) return;
    onAsked?.();
    if (disabled) return;
    // Opened from the palette: the Delete button is what the dialog gives focus back to.
    button.current?.focus();
    setRefusal(null);
    setOpen(true);
  }, [askNow, onAsked, disabled]);
  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) setRefusal(null);
  };
  const handleDelete = async () => {
    try {
      await remove.mutateAsync();
    } catch (error) {
      setRefusal(saveFailure(error));
      return;
    }
    setOpen(false);
    toast('success', `Role “${role.name}” deleted.`);
    if (pathname === `/system/roles/${role.id}`) await navigate({ to: '/system/roles' });
    else closePanel();
  };
  return (
    <>
      <DeleteButton ref={button} disabled={disabled} aria-describedby={rest['aria-describedby']} onClick={() => handleOpenChange(true)} />
      <ConfirmDeleteDialog
        open={open}
        onOpenChange={handleOpenChange}
        title={`Delete role “${role.name}”?`}
        description="A role users still hold cannot be deleted. This cannot be undone."
        refusal={refusal}
        confirmLabel="Delete role"
        pending={remove.isPending}
        onConfirm={() => void handleDelete()}
      />
    </>
  );
}
