import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import * as v from 'valibot';
import {
  defaultNameUse,
  namePrefixes,
  nameFormSchema,
  nameSuffixes,
  nameUses,
  toNameEntry,
  type NameEntry,
  type NamePrefix,
  type NameSuffix,
  type NameUse,
} from '../../../domain/persons.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
import { Field, TextField } from '../../components/ui/field.tsx';
import { Form } from '../../components/ui/form.tsx';
import { MultiSelect } from '../../components/ui/multi-select.tsx';
import { SelectField } from '../../components/ui/form-fields.tsx';
import { firstError, formErrors, schemaFieldErrors } from '../../lib/form.ts';
import { nameUseLabel } from './name-format.ts';

type NameFormValues = {
  prefix: NamePrefix[];
  firstName: string;
  middleName: string;
  lastName: string;
  suffix: NameSuffix[];
  use: NameUse | '';
};

const emptyName: NameFormValues = { prefix: [], firstName: '', middleName: '', lastName: '', suffix: [], use: defaultNameUse };

const fromEntry = (entry: NameEntry): NameFormValues => ({
  prefix: entry.prefix,
  firstName: entry.given[0] ?? '',
  middleName: entry.given[1] ?? '',
  lastName: entry.family,
  suffix: entry.suffix,
  use: entry.use,
});

/** The dialog's two steps: the name itself, then its prefixes, suffixes and usage. */
const steps = [
  { title: 'Name', fields: ['firstName', 'middleName', 'lastName'] },
  { title: 'Prefix, suffix and usage', fields: ['prefix', 'suffix', 'use'] },
] as const;

const prefixOptions = namePrefixes.map((p) => ({ value: p, label: p }));
const suffixOptions = nameSuffixes.map((s) => ({ value: s, label: s }));
const useOptions = nameUses.map((u) => ({ value: u, label: nameUseLabel(u) }));

type NameDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Editing an existing name; absent when adding one. */
  initial?: NameEntry;
  onSave(entry: NameEntry): void;
};

/**
 * Add Name (spec §2): Prefix (multi), First Name, Middle Name, Last Name, Suffix (multi), Usage
 * (default official) over two steps with Previous and Next; Save Name works from either step
 * and brings the step with a problem into view. Validated with the domain's name form schema.
 */
export function NameDialog({ open, onOpenChange, initial, onSave }: NameDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={initial ? 'Edit Name' : 'Add Name'}
      className="w-[min(36rem,calc(100vw-2rem))]"
    >
      {/* Mounted only while open, so every opening starts from a fresh form. */}
      {open ? <NameForm initial={initial} onSave={onSave} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function NameForm({ initial, onSave, onDone }: { initial?: NameEntry; onSave(entry: NameEntry): void; onDone(): void }) {
  const [step, setStep] = useState(0);
  const [attempted, setAttempted] = useState(false);

  const form = useForm({
    defaultValues: initial ? fromEntry(initial) : emptyName,
    // The whole name against the domain's name form schema, on every change and on submit.
    validators: { onChange: ({ value }) => formErrors(schemaFieldErrors(nameFormSchema, value)) },
    onSubmit: ({ value }) => {
      onSave(toNameEntry(v.parse(nameFormSchema, value)));
      onDone();
    },
    onSubmitInvalid: ({ formApi }) => {
      setAttempted(true);
      // Show the first step that has a problem.
      const bad = steps.findIndex((s) => s.fields.some((name) => (formApi.state.fieldMeta[name]?.errors.length ?? 0) > 0));
      if (bad >= 0) setStep(bad);
    },
  });

  const handleNext = async () => {
    await form.validate('change');
    if (steps[0].fields.some((name) => (form.state.fieldMeta[name]?.errors.length ?? 0) > 0)) {
      setAttempted(true);
      return;
    }
    setStep(1);
  };

  const shows = (meta: { isBlurred: boolean; errors: unknown[] }) => (meta.isBlurred || attempted ? firstError(meta.errors) : undefined);

  return (
    // Enter in a field saves, like any form: a missing name is said next to its field, which
    // keeps (or takes) the focus.
    <Form onSubmit={form.handleSubmit}>
      <ol className="mb-4 flex gap-2 text-xs" aria-label="Steps">
        {steps.map((s, index) => (
          <li
            key={s.title}
            aria-current={index === step ? 'step' : undefined}
            className={
              index === step
                ? 'rounded-full bg-brand-700 px-2.5 py-1 font-medium text-white'
                : 'rounded-full bg-slate-100 px-2.5 py-1 text-slate-700 dark:bg-slate-800 dark:text-slate-300'
            }
          >
            Step {index + 1} of {steps.length}: {s.title}
          </li>
        ))}
      </ol>

      <div hidden={step !== 0} className="grid gap-3 sm:grid-cols-2">
        <form.Field name="firstName">
          {(field) => (
            <TextField field={field} label="First Name" required error={shows(field.state.meta)} autoComplete="off" />
          )}
        </form.Field>
        <form.Field name="middleName">
          {(field) => (
            <TextField field={field} label="Middle Name" error={shows(field.state.meta)} autoComplete="off" />
          )}
        </form.Field>
        <form.Field name="lastName">
          {(field) => (
            <TextField field={field} label="Last Name" required error={shows(field.state.meta)} className="sm:col-span-2" autoComplete="off" />
          )}
        </form.Field>
      </div>

      <div hidden={step !== 1} className="grid gap-3 sm:grid-cols-2">
        <form.Field name="prefix">
          {(field) => (
            <Field label="Prefix" error={shows(field.state.meta)}>
              {(control) => (
                <MultiSelect {...control} label="Prefix" placeholder="No prefix" options={prefixOptions} value={field.state.value} onValueChange={(value) => field.handleChange(value as NamePrefix[])} />
              )}
            </Field>
          )}
        </form.Field>
        <form.Field name="suffix">
          {(field) => (
            <Field label="Suffix" error={shows(field.state.meta)}>
              {(control) => (
                <MultiSelect {...control} label="Suffix" placeholder="No suffix" options={suffixOptions} value={field.state.value} onValueChange={(value) => field.handleChange(value as NameSuffix[])} />
              )}
            </Field>
          )}
        </form.Field>
        <form.Field name="use">
          {(field) => (
            <SelectField
              label="Usage"
              required
              error={shows(field.state.meta)}
              className="sm:col-span-2"
              placeholder="Select usage"
              options={useOptions}
              value={field.state.value}
              onBlur={field.handleBlur}
              onValueChange={(value) => field.handleChange(value as NameUse | '')}
            />
          )}
        </form.Field>
      </div>

      <div className="mt-5 flex items-center justify-between gap-2">
        <div>
          {step > 0 ? (
            <Button type="button" variant="secondary" onClick={() => setStep(step - 1)}>
              Previous
            </Button>
          ) : (
            <DialogClose asChild>
              <Button type="button" variant="ghost">
                Cancel
              </Button>
            </DialogClose>
          )}
        </div>
        <div className="flex gap-2">
          {step < steps.length - 1 ? (
            <Button type="button" variant="secondary" onClick={() => void handleNext()}>
              Next
            </Button>
          ) : null}
          <Button type="submit">Save Name</Button>
        </div>
      </div>
    </Form>
  );
}
