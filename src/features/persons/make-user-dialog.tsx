import { revalidateLogic, useForm } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { messages } from '../../../domain/messages.ts';
import { userCreateSchema, type UserCreate } from '../../../domain/persons.ts';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
import { Field, FormError, Input, TextField } from '../../components/ui/field.tsx';
import { Form } from '../../components/ui/form.tsx';
import { SelectField } from '../../components/ui/form-fields.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { ApiRequestError } from '../../lib/api.ts';
import { firstError, formErrors, schemaFieldErrors, serverFieldErrors } from '../../lib/form.ts';
import { can } from '../../lib/policy.ts';
import { roleOptionsQuery } from '../../lib/roles.ts';
import { policyAtom } from '../../state/account.ts';
import { useMakeUser } from './queries.ts';

type UserValues = { email: string; principalId: string; name: string; roleId: string; active: boolean; instanceAdmin: boolean };

const toBody = (values: UserValues, withAdmin: boolean): UserCreate => ({
  email: values.email,
  principalId: values.principalId,
  name: values.name,
  roleId: values.roleId || null,
  active: values.active,
  ...(withAdmin ? { instanceAdmin: values.instanceAdmin } : {}),
});

type MakeUserDialogProps = {
  personId: string;
  personName: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated(): void;
};

/** "Make user": gives the person a user record (spec §3 User, §5: email and principalId required). */
export function MakeUserDialog({ personId, personName, open, onOpenChange, onCreated }: MakeUserDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Make user" description={`Lets ${personName} sign in to the portal.`}>
      {open ? <MakeUserForm personId={personId} personName={personName} onCreated={onCreated} /> : null}
    </Dialog>
  );
}

function MakeUserForm({ personId, personName, onCreated }: { personId: string; personName: string; onCreated(): void }) {
  const policy = useAtomValue(policyAtom);
  const isAdmin = policy?.instanceAdmin ?? false;
  // A role that may not list roles gives none (issue 24); it is not offered a choice it cannot make.
  const mayListRoles = can(policy, '/permissions/roles', 'GET');
  const roles = useQuery({ ...roleOptionsQuery(useAccountKey()), enabled: mayListRoles });
  const makeUser = useMakeUser(personId);
  const [failure, setFailure] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const form = useForm({
    defaultValues: { email: '', principalId: '', name: personName, roleId: '', active: true, instanceAdmin: false } as UserValues,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: ({ value }) => formErrors(schemaFieldErrors(userCreateSchema, toBody(value, isAdmin))) },
    onSubmit: async ({ value }) => {
      setFailure(null);
      setServerErrors({});
      try {
        await makeUser.mutateAsync(toBody(value, isAdmin));
        onCreated();
      } catch (error) {
        setServerErrors(serverFieldErrors(error));
        setFailure(error instanceof ApiRequestError ? error.message : messages.serverError);
      }
    },
  });

  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.id, label: r.name }));

  return (
    <Form onSubmit={form.handleSubmit} className="flex flex-col gap-3">
      <FormError>{failure}</FormError>
      <form.Field name="email">
        {(field) => (
          <TextField field={field} label="Email" required error={firstError(field.state.meta.errors) ?? serverErrors.email} type="email" autoComplete="off" />
        )}
      </form.Field>
      <form.Field name="principalId">
        {(field) => (
          <TextField
            field={field}
            label="Principal Id"
            required
            hint="The identity provider's subject of this user."
            error={firstError(field.state.meta.errors) ?? serverErrors.principalId}
            autoComplete="off"
          />
        )}
      </form.Field>
      <form.Field name="name">
        {(field) => (
          <TextField field={field} label="User name" error={firstError(field.state.meta.errors) ?? serverErrors.name} />
        )}
      </form.Field>
      {!mayListRoles ? (
        <Field label="Role" hint="Your role may not list roles; an administrator can give this user a role later.">
          {(control) => <Input {...control} readOnly value="No role" />}
        </Field>
      ) : (
        <form.Field name="roleId">
          {(field) => (
            <SelectField
              label="Role"
              hint={roles.isError ? 'The roles could not be loaded; the user can be given a role later.' : undefined}
              error={firstError(field.state.meta.errors) ?? serverErrors.roleId}
              placeholder="No role"
              options={roleOptions}
              value={field.state.value}
              onValueChange={field.handleChange}
            />
          )}
        </form.Field>
      )}
      <form.Field name="active">{(field) => <Checkbox label="Active" checked={field.state.value} onCheckedChange={field.handleChange} />}</form.Field>
      {isAdmin ? (
        <form.Field name="instanceAdmin">
          {(field) => <Checkbox label="Instance administrator" description="Sees and acts in every account." checked={field.state.value} onCheckedChange={field.handleChange} />}
        </form.Field>
      ) : null}
      <div className="mt-2 flex justify-end gap-2">
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            Cancel
          </Button>
        </DialogClose>
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(submitting) => (
            <Button type="submit" pending={submitting}>
              {submitting ? 'Saving…' : 'Save User'}
            </Button>
          )}
        </form.Subscribe>
      </div>
    </Form>
  );
}
