import { revalidateLogic, useForm, useStore } from '@tanstack/react-form';
import { useId, useRef, useState, type ReactNode } from 'react';
import { messages } from '../../../domain/messages.ts';
import {
  communicationLanguages,
  genders,
  languageLabel,
  personCreateSchema,
  personPatchSchema,
  type Communication,
  type Gender,
  type LanguageCode,
  type NameEntry,
  type Person,
  type PersonCreate,
  type PersonPatch,
} from '../../../domain/persons.ts';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Chip } from '../../components/ui/chip.tsx';
import { Field, FieldError, FormError, TextField } from '../../components/ui/field.tsx';
import { Form } from '../../components/ui/form.tsx';
import { LeaveGuard } from '../../components/ui/leave-guard.tsx';
import { MultiSelect } from '../../components/ui/multi-select.tsx';
import { type SelectOption } from '../../components/ui/select.tsx';
import { SelectField } from '../../components/ui/form-fields.tsx';
import { ApiRequestError } from '../../lib/api.ts';
import { firstError, formErrors, sameValues, schemaFieldErrors, serverFieldErrors } from '../../lib/form.ts';
import { NameDialog } from './name-dialog.tsx';
import { fullName, nameUseLabel } from './name-format.ts';

export type PersonFormValues = {
  /** Instance administrators only: the account the person is created in ('' = not chosen). */
  accountId: string;
  name: NameEntry[];
  gender: Gender | '';
  orgRole: string;
  communication: Communication[];
  /** 'Take me to Practitioner Setup' (creation only). */
  makePractitioner: boolean;
};

export const emptyPerson: PersonFormValues = { accountId: '', name: [], gender: '', orgRole: '', communication: [], makePractitioner: false };

export const personToValues = (person: Person): PersonFormValues => ({
  accountId: '',
  name: person.name,
  gender: person.gender ?? '',
  orgRole: person.orgRole ?? '',
  communication: person.communication,
  makePractitioner: false,
});

/** Stored names always have a first name, which the request type spells as a tuple. */
const asNames = (names: NameEntry[]) => names as unknown as NonNullable<PersonPatch['name']>;

export const toCreateBody = (values: PersonFormValues, withAccount: boolean): PersonCreate => ({
  ...(withAccount && values.accountId ? { accountId: values.accountId } : {}),
  name: asNames(values.name),
  gender: values.gender || null,
  orgRole: values.orgRole,
  communication: values.communication,
  makePractitioner: values.makePractitioner,
});

export const toPatchBody = (values: PersonFormValues, version: number): PersonPatch => ({
  version,
  name: asNames(values.name),
  gender: values.gender || null,
  orgRole: values.orgRole,
  communication: values.communication,
});

/** Issue paths ('name.0.family', 'communication.1.code') belong to the form field of their first part. */
const fieldOf = (path: string) => {
  const key = path.split('.')[0] ?? '';
  return ['accountId', 'name', 'gender', 'orgRole', 'communication'].includes(key) ? key : null;
};

const genderOptions = genders.map((g) => ({ value: g.value, label: g.label }));
const languageOptions = communicationLanguages.map((l) => ({ value: l.code, label: l.label }));

/** Keeps the preferred language when it is still chosen; otherwise the first chosen is preferred. */
export function withLanguages(codes: string[], current: Communication[]): Communication[] {
  const preferred = current.find((c) => c.preferred)?.code;
  const keep = preferred && codes.includes(preferred) ? preferred : codes[0];
  return codes.map((code) => ({ code: code as LanguageCode, preferred: code === keep }));
}

type PersonFormProps = {
  mode: 'create' | 'edit';
  defaultValues: PersonFormValues;
  /** Shown (and required) only for instance administrators creating a person. */
  accountOptions?: readonly SelectOption[] | null;
  submitLabel: string;
  /** The form-level message of a failed save ('Server Error', 'Person not updated'). */
  failureMessage: string;
  /** Saves; throws the API's error to have it shown. */
  onSubmit(values: PersonFormValues): Promise<void>;
  onCancel(): void;
  /** Shown above the fields (e.g. an edit conflict). */
  notice?: ReactNode;
};

/**
 * The person form of creation and editing (spec §2 Create person): names as chips through the
 * Add Name dialog, Gender, Organizational Role, Communication languages with a preference when
 * more than one is chosen; on creation also the Account (administrators) and 'Take me to
 * Practitioner Setup'. Validated with the domain's request schemas.
 */
export function PersonForm({ mode, defaultValues, accountOptions, submitLabel, failureMessage, onSubmit, onCancel, notice }: PersonFormProps) {
  const [nameDialog, setNameDialog] = useState<{ index: number | null } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** A save was tried: only then are missing pieces shown as errors (in red). */
  const [attempted, setAttempted] = useState(false);
  // The last name removed: 'At Least One Name is required' is the field's error from then on (issue 24).
  const [namesRemoved, setNamesRemoved] = useState(false);
  const addNameButton = useRef<HTMLButtonElement>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const requireAccount = mode === 'create' && Boolean(accountOptions);

  const form = useForm({
    defaultValues,
    validationLogic: revalidateLogic(),
    validators: {
      onDynamic: ({ value }) =>
        formErrors({
          ...(requireAccount && !value.accountId ? { accountId: messages.accountSelectionRequired } : {}),
          ...(mode === 'create'
            ? schemaFieldErrors(personCreateSchema, toCreateBody(value, requireAccount), fieldOf)
            : schemaFieldErrors(personPatchSchema, toPatchBody(value, 1), fieldOf)),
        }),
    },
    listeners: {
      // A server message about a field goes once the field is changed.
      onChange: ({ fieldApi }) => setServerErrors((all) => (fieldApi.name in all ? withoutKey(all, fieldApi.name) : all)),
    },
    onSubmit: async ({ value }) => {
      setFailure(null);
      setServerErrors({});
      try {
        await onSubmit(value);
      } catch (error) {
        setServerErrors(serverFieldErrors(error, fieldOf));
        const detail = error instanceof ApiRequestError && error.message !== messages.serverError && error.message !== messages.invalidRequest ? error.message : null;
        setFailure(detail && detail !== failureMessage ? `${failureMessage}: ${detail}` : failureMessage);
      }
    },
  });

  const dirty = useStore(form.store, (state) => !sameValues(state.values, defaultValues));
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  const noNameId = useId();
  const names = useStore(form.store, (state) => state.values.name);
  const errorOf = (name: keyof PersonFormValues, errors: unknown[]) => firstError(errors) ?? serverErrors[name];

  return (
    <Form
      aria-label={mode === 'create' ? 'Create person' : 'Edit person'}
      onSubmit={() => {
        setAttempted(true);
        return form.handleSubmit();
      }}
      onKeyDown={(event) => {
        // Ctrl+Enter (⌘Enter) saves from anywhere in the form, as in the edit screens.
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey) {
          event.preventDefault();
          event.currentTarget.requestSubmit();
        }
      }}
      className="flex flex-col gap-5"
    >
      <LeaveGuard when={dirty && !submitting} />
      {notice}
      <FormError>{failure}</FormError>

      {requireAccount ? (
        <Section title="Account" description="Instance administrators choose the account the person belongs to.">
          <form.Field name="accountId">
            {(field) => (
              <SelectField label="Account" required error={errorOf('accountId', field.state.meta.errors)} className="max-w-md" placeholder="Select an account" options={accountOptions ?? []} value={field.state.value} onValueChange={field.handleChange} onBlur={field.handleBlur} />
            )}
          </form.Field>
        </Section>
      ) : null}

      <form.Field name="name">
        {(field) => {
          const error = errorOf('name', field.state.meta.errors);
          return (
            <Section title="Names" description="A person needs at least one name; the first is the one lists show.">
              {field.state.value.length > 0 ? (
                <ul aria-label="Names" className="flex flex-wrap gap-2">
                  {field.state.value.map((entry, index) => (
                    <li key={`${index}-${entry.text}`}>
                      <Chip
                        onRemove={() => {
                          const last = field.state.value.length === 1;
                          field.removeValue(index);
                          if (last) {
                            // The chip and its button are gone: focus goes to the field's own control, which the error describes.
                            setNamesRemoved(true);
                            addNameButton.current?.focus();
                          }
                        }}
                        removeLabel={`Remove name ${fullName(entry)}`}>
                        <button
                          type="button"
                          className="rounded hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                          onClick={() => setNameDialog({ index })}
                        >
                          <span className="sr-only">Edit name </span>
                          {fullName(entry)} <span className="text-xs text-brand-800/80 dark:text-slate-300">· {nameUseLabel(entry.use)}</span>
                        </button>
                      </Chip>
                    </li>
                  ))}
                </ul>
              ) : (
                attempted || namesRemoved ? (
                  <p id={noNameId} role="alert" data-slot="field-error" className="text-sm font-medium text-red-700 dark:text-red-400">
                    {messages.atLeastOneName}
                  </p>
                ) : (
                  <p id={noNameId} className="text-sm text-slate-600 dark:text-slate-400">
                    {messages.atLeastOneName}
                  </p>
                )
              )}
              {error && error !== messages.atLeastOneName ? <FieldError error={error} /> : null}
              <div>
                <Button
                  ref={addNameButton}
                  type="button"
                  variant="secondary"
                  onClick={() => setNameDialog({ index: null })}
                  // With no name yet, a refused save brings the focus here, the field to mend.
                  aria-invalid={(attempted || namesRemoved) && field.state.value.length === 0 ? true : undefined}
                  aria-describedby={field.state.value.length === 0 ? noNameId : undefined}
                >
                  Add Name
                </Button>
              </div>
              <NameDialog
                open={nameDialog !== null}
                onOpenChange={(open) => (open ? undefined : setNameDialog(null))}
                initial={nameDialog?.index != null ? field.state.value[nameDialog.index] : undefined}
                onSave={(entry) => {
                  if (nameDialog?.index != null) field.replaceValue(nameDialog.index, entry);
                  else field.pushValue(entry);
                }}
              />
            </Section>
          );
        }}
      </form.Field>

      <Section title="Details">
        <div className="grid gap-4 sm:grid-cols-2">
          <form.Field name="gender">
            {(field) => (
              <SelectField
                label="Gender"
                error={errorOf('gender', field.state.meta.errors)}
                placeholder="Not given"
                options={genderOptions}
                value={field.state.value}
                onValueChange={(value) => field.handleChange(value as Gender | '')}
                onBlur={field.handleBlur}
              />
            )}
          </form.Field>
          <form.Field name="orgRole">
            {(field) => (
              <TextField field={field} label="Organizational Role" error={errorOf('orgRole', field.state.meta.errors)} placeholder="e.g. Patient, Nurse, Front desk" />
            )}
          </form.Field>
        </div>
      </Section>

      <form.Field name="communication">
        {(field) => {
          const chosen = field.state.value;
          const preferred = chosen.find((c) => c.preferred)?.code ?? chosen[0]?.code ?? '';
          return (
            <Section title="Communication">
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Communication languages" error={errorOf('communication', field.state.meta.errors)}>
                  {(control) => (
                    <MultiSelect
                      {...control}
                      label="Communication languages"
                      placeholder="No languages chosen"
                      options={languageOptions}
                      value={chosen.map((c) => c.code)}
                      onValueChange={(codes) => field.handleChange(withLanguages(codes, chosen))}
                    />
                  )}
                </Field>
                {chosen.length > 1 ? (
                  <SelectField
                    label="Communication preference"
                    hint="The language used first when contacting this person."
                    options={chosen.map((c) => ({ value: c.code, label: languageLabel(c.code) }))}
                    value={preferred}
                    onValueChange={(code) => field.handleChange(chosen.map((c) => ({ code: c.code, preferred: c.code === code })))}
                  />
                ) : null}
              </div>
            </Section>
          );
        }}
      </form.Field>

      {mode === 'create' ? (
        <form.Field name="makePractitioner">
          {(field) => (
            <Checkbox
              label="Take me to Practitioner Setup"
              description="Also makes the person a practitioner and opens the practitioner page after saving."
              checked={field.state.value}
              onCheckedChange={field.handleChange}
            />
          )}
        </form.Field>
      ) : null}

      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={names.length === 0 || submitting} aria-describedby={names.length === 0 ? noNameId : undefined} aria-keyshortcuts="Control+Enter">
          {submitting ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </Form>
  );
}

function withoutKey(all: Record<string, string>, key: string) {
  const { [key]: _removed, ...rest } = all;
  return rest;
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
      {/* Floated, the legend sits inside the card like a heading instead of on its border. */}
      <legend className="float-left w-full text-base font-semibold">{title}</legend>
      {description ? <p className="-mt-2 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
      {children}
    </fieldset>
  );
}
