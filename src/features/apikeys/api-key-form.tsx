import { useQuery } from '@tanstack/react-query';
import { apiKeyCreateSchema, type ApiKey } from '../../../domain/api-keys.ts';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { EditForm } from '../../components/ui/edit-form.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/form-fields.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { useRecordForm, type RecordFormProps } from '../../lib/record-form.ts';
import { roleOptionsQuery } from '../../lib/roles.ts';

export type ApiKeyValues = { name: string; roleId: string; active: boolean };

export const emptyApiKey: ApiKeyValues = { name: '', roleId: '', active: true };

export const toApiKeyValues = (key: ApiKey): ApiKeyValues => ({ name: key.name, roleId: key.roleId ?? '', active: key.active });

/** How each field reads in the conflict notice. */
export const apiKeyConflictFields: { label: string; show(v: ApiKeyValues): string }[] = [
  { label: 'Name', show: (v) => v.name },
  { label: 'Role', show: (v) => v.roleId || '—' },
  { label: 'Active', show: (v) => (v.active ? 'Yes' : 'No') },
];

type ApiKeyFormProps = RecordFormProps<ApiKeyValues> & {
  submitLabel: string;
  /** Edit mode also offers the active switch (a new key starts active). */
  withActive?: boolean;
};

/** Name and role (one of the account's, from `GET /permissions/roles`), and in edit mode Active. */
export function ApiKeyForm({ label, defaultValues, onSubmit, onCancel, submitLabel, withActive = false, notice = null, focusFirstField = false }: ApiKeyFormProps) {
  const { form, failure, dirty, submitting, errorOf, firstField } = useRecordForm({
    defaultValues,
    schema: apiKeyCreateSchema,
    toBody: (values: ApiKeyValues) => values,
    onSubmit,
    focusFirstField,
  });
  const roles = useQuery(roleOptionsQuery(useAccountKey()));
  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.id, label: role.name }));

  return (
    <EditForm label={label} onSubmit={form.handleSubmit} dirty={dirty} submitting={submitting} notice={notice} failure={failure} onCancel={onCancel} submitLabel={submitLabel}>
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900">
        <form.Field name="name">
          {(field) => (
            <TextField field={field} label="Name" required hint="What the key is for, e.g. “Billing export”." error={errorOf('name', field.state.meta.errors)} inputRef={firstField} autoComplete="off" />
          )}
        </form.Field>
        <form.Field name="roleId">
          {(field) => (
            <SelectField label="Role" required hint="The key may do what this role grants, in this account only." error={errorOf('roleId', field.state.meta.errors) ?? (roles.isError ? 'The roles could not be loaded.' : undefined)} placeholder={roles.isPending ? 'Loading roles…' : 'Select a role'} options={roleOptions} value={field.state.value} onValueChange={field.handleChange} onBlur={field.handleBlur} />
          )}
        </form.Field>
        {withActive ? (
          <form.Field name="active">
            {(field) => <Checkbox label="Active" description="An inactive key is refused at once." checked={field.state.value} onCheckedChange={field.handleChange} className="sm:col-span-2" />}
          </form.Field>
        ) : null}
      </div>
    </EditForm>
  );
}
