import { revalidateLogic, useForm, useStore } from '@tanstack/react-form';
import { useId, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import {
  contactPointCreateSchema,
  contactPointDefaults,
  contactPointLimits,
  contactPointSystems,
  serviceProviders,
  systemTypes,
  type ContactPoint,
  type ContactPointAssociation,
  type ContactPointCreate,
  type ContactPointSystem,
  type ServiceProvider,
  type SystemType,
} from '../../../domain/contact-points.ts';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { FieldError, FormError, TextField } from '../../components/ui/field.tsx';
import { Form } from '../../components/ui/form.tsx';
import { SelectField } from '../../components/ui/form-fields.tsx';
import { firstError, formErrors, saveFailure, sameValues, schemaFieldErrors, serverFieldErrors } from '../../lib/form.ts';
import { PractitionerPicker } from './practitioner-picker.tsx';

/** The form's values: text as typed (rank too, so "abc" can be told it is not a number). */
export type ContactPointValues = {
  name: string;
  value: string;
  system: ContactPointSystem;
  systemType: SystemType | '';
  serviceProvider: ServiceProvider;
  description: string;
  rank: string;
  vip: boolean;
  associations: ContactPointAssociation[];
};

/** Spec §9 defaults: PHONE, "Amazon Connect", "Main", rank 10, VIP off, no associations. */
export const newContactPoint: ContactPointValues = {
  name: '',
  value: '',
  system: contactPointDefaults.system,
  systemType: contactPointDefaults.systemType,
  serviceProvider: contactPointDefaults.serviceProvider,
  description: '',
  rank: String(contactPointDefaults.rank),
  vip: contactPointDefaults.vip,
  associations: [],
};

export const toValues = (cp: ContactPoint): ContactPointValues => ({
  name: cp.name,
  value: cp.value,
  system: cp.system,
  systemType: cp.systemType ?? '',
  serviceProvider: cp.serviceProvider,
  description: cp.description ?? '',
  rank: String(cp.rank),
  vip: cp.vip,
  // A role that may not read practitioners is answered their ids alone (issue 40): the chip says so, and a save keeps them.
  associations: cp.associations.map((a) => ({ id: a.id, name: a.name ?? withheldPractitioner })),
});

/** How a chip names an associated practitioner whose name the caller's role may not read. */
export const withheldPractitioner = 'Name not shown';

/** A whole number as typed; anything else is NaN, which the schema answers with the rank's message. */
const toRank = (typed: string) => (/^\s*-?\d+(\.\d+)?\s*$/.test(typed) ? Number(typed) : Number.NaN);

/** The API body (spec §7): an empty system type is none; the description is sent as typed (spec §5: at least one character). */
export const toBody = (values: ContactPointValues): ContactPointCreate & { associations: string[] } => ({
  name: values.name,
  value: values.value,
  system: values.system,
  serviceProvider: values.serviceProvider,
  systemType: values.systemType === '' ? null : values.systemType,
  description: values.description,
  rank: toRank(values.rank),
  vip: values.vip,
  associations: values.associations.map((a) => a.id),
});

const systemOptions = contactPointSystems.map((s) => ({ value: s, label: s }));
const providerOptions = serviceProviders.map((s) => ({ value: s, label: s }));
const systemTypeOptions = systemTypes.map((s) => ({ value: s, label: s }));

export type ContactPointFormHandle = { focusFirst(): void };

type ContactPointFormProps = {
  /** The form's accessible name. */
  label: string;
  defaultValues: ContactPointValues;
  /** View mode shows the values in disabled fields; editing enables them. */
  editing: boolean;
  /** Saves; throws the API's error (its field messages show under the fields). */
  onSubmit(values: ContactPointValues): Promise<'saved' | 'kept'>;
  /** After a create: the form starts again from the defaults. */
  resetAfterSave?: boolean;
  /** Shown above the fields (an edit conflict). */
  notice?: ReactNode;
  /** The buttons under the fields (Save, Cancel). */
  actions: (state: { submitting: boolean; dirty: boolean }) => ReactNode;
  /** Extra read-only rows after the fields (timestamps). */
  footer?: ReactNode;
  ref?: Ref<ContactPointFormHandle>;
};

/** Name, Value, System, System Type, Service Provider, Description, Rank, VIP and practitioners, errors in red under each field (spec §5). */
export function ContactPointForm({ label, defaultValues, editing, onSubmit, resetAfterSave = false, notice, actions, footer, ref }: ContactPointFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const nameInput = useRef<HTMLInputElement>(null);
  const formId = useId();
  useImperativeHandle(ref, () => ({ focusFirst: () => nameInput.current?.focus() }), []);

  const form = useForm({
    defaultValues,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: ({ value }) => formErrors(schemaFieldErrors(contactPointCreateSchema, toBody(value))) },
    onSubmit: async ({ value, formApi }) => {
      setFailure(null);
      setServerErrors({});
      try {
        const outcome = await onSubmit(value);
        if (outcome === 'saved' && resetAfterSave) {
          formApi.reset(defaultValues);
          nameInput.current?.focus();
        }
      } catch (error) {
        const fields = serverFieldErrors(error);
        setServerErrors(fields);
        if (Object.keys(fields).length === 0) setFailure(saveFailure(error));
      }
    },
  });
  const dirty = useStore(form.store, (state) => !sameValues(state.values, defaultValues));
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  const errorOf = (name: keyof ContactPointValues, errors: unknown[]) => firstError(errors) ?? serverErrors[name];
  const disabled = !editing;

  return (
    <Form aria-label={label} onSubmit={form.handleSubmit} className="flex flex-col gap-4">
      {notice}
      <FormError>{failure}</FormError>
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900">
        <form.Field name="name">
          {(field) => (
            <TextField field={field} label="Name" required error={errorOf('name', field.state.meta.errors)} inputRef={nameInput} disabled={disabled} maxLength={contactPointLimits.text} />
          )}
        </form.Field>
        <form.Field name="value">
          {(field) => (
            <TextField
              field={field}
              label="Value"
              required
              hint="A phone, fax or SMS number is a US number: (555) 123-4567."
              error={errorOf('value', field.state.meta.errors)}
              disabled={disabled}
              maxLength={contactPointLimits.text}
            />
          )}
        </form.Field>
        <form.Field name="system">
          {(field) => (
            <SelectField label="System" error={errorOf('system', field.state.meta.errors)} disabled={disabled} options={systemOptions} value={field.state.value} onValueChange={(v) => field.handleChange(v as ContactPointSystem)} />
          )}
        </form.Field>
        <form.Field name="systemType">
          {(field) => (
            <SelectField
              label="System Type"
              error={errorOf('systemType', field.state.meta.errors)}
              disabled={disabled}
              options={systemTypeOptions}
              placeholder="None"
              value={field.state.value}
              onValueChange={(v) => field.handleChange(v as SystemType | '')}
            />
          )}
        </form.Field>
        <form.Field name="serviceProvider">
          {(field) => (
            <SelectField
              label="Service Provider"
              error={errorOf('serviceProvider', field.state.meta.errors)}
              disabled={disabled}
              options={providerOptions}
              value={field.state.value}
              onValueChange={(v) => field.handleChange(v as ServiceProvider)}
            />
          )}
        </form.Field>
        <form.Field name="rank">
          {(field) => <TextField field={field} label="Rank" hint="1 (first) to 10." error={errorOf('rank', field.state.meta.errors)} disabled={disabled} inputMode="numeric" />}
        </form.Field>
        <form.Field name="description">
          {(field) => (
            <TextField
              field={field}
              label="Description"
              multiline
              required
              hint="What the number is for, a queue id…"
              className="sm:col-span-2"
              error={errorOf('description', field.state.meta.errors)}
              disabled={disabled}
              maxLength={contactPointLimits.text}
            />
          )}
        </form.Field>
        <form.Field name="vip">
          {(field) => <Checkbox label="VIP" description="Calls from this number are treated as VIP." disabled={disabled} checked={field.state.value} onCheckedChange={field.handleChange} />}
        </form.Field>
        <form.Field name="associations">
          {(field) => {
            const error = errorOf('associations', field.state.meta.errors);
            return (
              <div role="group" aria-labelledby={`${formId}-practitioners`} className="flex flex-col gap-1 sm:col-span-2">
                <span id={`${formId}-practitioners`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
                  Practitioners
                </span>
                <PractitionerPicker
                  describedBy={[`${formId}-practitioners-hint`, error ? `${formId}-practitioners-error` : null].filter(Boolean).join(' ')}
                  label="Practitioners"
                  editable={editing}
                  value={field.state.value}
                  onChange={field.handleChange}
                />
                {editing ? (
                  <p id={`${formId}-practitioners-hint`} className="text-xs text-slate-600 dark:text-slate-400">
                    At most {contactPointLimits.associations}; a practitioner already in the list is ignored.
                  </p>
                ) : null}
                <FieldError id={`${formId}-practitioners-error`} error={error} />
              </div>
            );
          }}
        </form.Field>
        {footer}
      </div>
      {actions({ submitting, dirty })}
    </Form>
  );
}
