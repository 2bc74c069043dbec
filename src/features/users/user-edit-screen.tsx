import { revalidateLogic, useForm, useStore } from '@tanstack/react-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { messages } from '../../../domain/messages.ts';
import { userPatchSchema, type User, type UserPatch } from '../../../domain/persons.ts';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { conflictRows } from '../../components/ui/conflict-notice.tsx';
import { EditForm } from '../../components/ui/edit-form.tsx';
import { Field, Input, TextField } from '../../components/ui/field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useToast } from '../../lib/toast.ts';
import { useVersionedSave } from '../../components/ui/versioned-save.tsx';
import { RecordById } from '../../components/ui/record-page.tsx';
import { SelectField } from '../../components/ui/form-fields.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { firstError, formErrors, saveFailure, sameValues, schemaFieldErrors, serverFieldErrors } from '../../lib/form.ts';
import { useCan } from '../../lib/policy.ts';
import { roleOptionsQuery } from '../../lib/roles.ts';
import { policyAtom } from '../../state/account.ts';
import { userQuery, useUpdateUser } from './queries.ts';

type UserValues = {
  name: string;
  email: string;
  principalId: string;
  source: string;
  oktaId: string;
  active: boolean;
  roleId: string;
  instanceAdmin: boolean;
};

const toValues = (user: User): UserValues => ({
  name: user.name,
  email: user.email,
  principalId: user.principalId,
  source: user.source ?? '',
  oktaId: user.oktaId ?? '',
  active: user.active,
  roleId: user.roleId ?? '',
  instanceAdmin: user.instanceAdmin,
});

/**
 * The PATCH body. `withRole` false: the caller may not list roles, so the form shows the user's role
 * read-only and the body leaves it out (issue 24: the server grants nothing for a role kept).
 */
const toBody = (values: UserValues, version: number, withAdmin: boolean, withRole = true): UserPatch => ({
  version,
  name: values.name,
  email: values.email,
  principalId: values.principalId,
  source: values.source,
  oktaId: values.oktaId,
  active: values.active,
  ...(withRole ? { roleId: values.roleId || null } : {}),
  ...(withAdmin ? { instanceAdmin: values.instanceAdmin } : {}),
});

export function UserEditScreen({ personId }: { personId: string }) {
  return <RecordById query={userQuery} id={personId} fresh label="Loading user…">{(data) => <UserEdit initial={data} />}</RecordById>;
}

function UserEdit({ initial }: { initial: User }) {
  const account = useAccountKey();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const isAdmin = useAtomValue(policyAtom)?.instanceAdmin ?? false;
  const update = useUpdateUser(initial.id);
  // Choosing a role needs the list of roles; a role that may not list them sees the user's role by
  // name (from the user record) and keeps it (issue 24).
  const mayListRoles = useCan('/permissions/roles', 'GET');
  const roles = useQuery({ ...roleOptionsQuery(account), enabled: mayListRoles });
  const roleChoice = mayListRoles && !roles.isError;
  // Issue 24: the server refuses to change the sign-in, active state or role of a user whose role
  // grants what the caller's lacks, and says so in the user's answer (never for an instance admin).
  const signInLocked = initial.roleBeyondYours === true;
  const roleName = (id: string) =>
    id ? (roles.data?.find((r) => r.id === id)?.name ?? (id === initial.roleId ? initial.userPolicy.accessPolicy.role : null) ?? id) : 'No role';
  const conflictFields: { label: string; show(v: UserValues): string }[] = [
    { label: 'Name', show: (v) => v.name },
    { label: 'Email', show: (v) => v.email },
    { label: 'Principal Id', show: (v) => v.principalId },
    { label: 'Source', show: (v) => v.source || '—' },
    { label: 'Okta Id', show: (v) => v.oktaId || '—' },
    { label: 'Active', show: (v) => (v.active ? 'Yes' : 'No') },
    { label: 'Role', show: (v) => roleName(v.roleId) },
    { label: 'Instance administrator', show: (v) => (v.instanceAdmin ? 'Yes' : 'No') },
  ];
  const { base, notice, submit } = useVersionedSave({
    initial,
    save: (values: UserValues, version) => update.mutateAsync(toBody(values, version, isAdmin, roleChoice && !signInLocked)),
    fetchCurrent: () => queryClient.fetchQuery({ ...userQuery(account, initial.id), staleTime: 0 }),
    onSaved: () => {
      toast('success', messages.userSaved);
      return navigate({ to: '/practice/users/$personId', params: { personId: initial.id }, ignoreBlocker: true });
    },
    conflictRows: (mine, current) => conflictRows(conflictFields, mine, toValues(current)),
    saving: update.isPending,
  });

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={`Edit user ${base.name}`}
        back={
          <Link to="/practice/users/$personId" params={{ personId: base.id }} className="text-brand-700 hover:underline dark:text-brand-300">
            <span aria-hidden="true">← </span>
            {base.name}
          </Link>
        }
      />
      <UserForm
        key={base.version}
        defaultValues={toValues(base)}
        isAdmin={isAdmin}
        roleOptions={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        roleChoice={roleChoice && !signInLocked}
        signInLocked={signInLocked}
        roleKeptHint={
          signInLocked ? undefined : mayListRoles ? 'The roles could not be loaded, so the user keeps this role.' : 'Your role may not list roles, so the user keeps this one.'
        }
        currentRoleName={base.roleId ? (base.userPolicy.accessPolicy.role ?? base.roleId) : 'No role'}
        onSubmit={submit}
        onCancel={() => void navigate({ to: '/practice/users/$personId', params: { personId: base.id } })}
        notice={notice}
      />
    </div>
  );
}

type UserFormProps = {
  defaultValues: UserValues;
  isAdmin: boolean;
  roleOptions: { value: string; label: string }[];
  /** Whether the role can be changed here (the caller may list roles and they loaded). */
  roleChoice: boolean;
  /** The user's role by name, shown read-only when it cannot be changed. */
  currentRoleName: string;
  /** Why the role is read-only (none when `signInLocked` says why). */
  roleKeptHint: string | undefined;
  /** The user's role grants what the caller's lacks: email, principal id, active state and role are not the caller's to change. */
  signInLocked: boolean;
  onSubmit(values: UserValues): Promise<void>;
  onCancel(): void;
  notice: ReactNode;
};

function UserForm({ defaultValues, isAdmin, roleOptions, roleChoice, currentRoleName, roleKeptHint, signInLocked, onSubmit, onCancel, notice }: UserFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const form = useForm({
    defaultValues,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: ({ value }) => formErrors(schemaFieldErrors(userPatchSchema, toBody(value, 1, isAdmin, roleChoice))) },
    onSubmit: async ({ value }) => {
      setFailure(null);
      setServerErrors({});
      try {
        await onSubmit(value);
      } catch (error) {
        setServerErrors(serverFieldErrors(error));
        setFailure(saveFailure(error));
      }
    },
  });
  const dirty = useStore(form.store, (state) => !sameValues(state.values, defaultValues));
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  const errorOf = (name: keyof UserValues, errors: unknown[]) => firstError(errors) ?? serverErrors[name];

  const text = (name: 'name' | 'email' | 'principalId' | 'source' | 'oktaId', label: string, required = false, disabled = false) => (
    <form.Field name={name}>
      {(field) => (
        <TextField
          field={field}
          label={label}
          required={required}
          disabled={disabled}
          error={errorOf(name, field.state.meta.errors)}
          type={name === 'email' ? 'email' : 'text'}
        />
      )}
    </form.Field>
  );

  return (
    <EditForm label="Edit user" onSubmit={form.handleSubmit} dirty={dirty} submitting={submitting} notice={notice} failure={failure} onCancel={onCancel}>
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900">
        {signInLocked ? (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2 dark:bg-amber-950 dark:text-amber-100">{messages.userSignInLocked}</p>
        ) : null}
        {text('name', 'Name')}
        {text('email', 'Email', true, signInLocked)}
        {text('principalId', 'Principal Id', true, signInLocked)}
        {text('source', 'Source')}
        {text('oktaId', 'Okta Id')}
        {roleChoice ? (
          <form.Field name="roleId">
            {(field) => (
              <SelectField label="Role" error={errorOf('roleId', field.state.meta.errors)} placeholder="No role" options={roleOptions} value={field.state.value} onValueChange={field.handleChange} />
            )}
          </form.Field>
        ) : (
          <Field label="Role" hint={roleKeptHint}>
            {(control) => <Input {...control} readOnly value={currentRoleName} />}
          </Field>
        )}
        <form.Field name="active">{(field) => <Checkbox label="Active" disabled={signInLocked} checked={field.state.value} onCheckedChange={field.handleChange} />}</form.Field>
        {isAdmin ? (
          <form.Field name="instanceAdmin">
            {(field) => (
              <Checkbox label="Instance administrator" description="Sees and acts in every account." checked={field.state.value} onCheckedChange={field.handleChange} />
            )}
          </form.Field>
        ) : null}
      </div>
    </EditForm>
  );
}
