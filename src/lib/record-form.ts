import { revalidateLogic, useForm, useStore, type DeepKeys } from '@tanstack/react-form';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type * as v from 'valibot';
import { firstError, formErrors, saveFailure, sameValues, schemaFieldErrors, serverFieldErrors } from './form.ts';

/** What a record's create/edit form takes from its screen (the create screen, the detail screen's edit mode). */
export type RecordFormProps<Values> = {
  /** The form's accessible name ('Create issue', 'Edit issue'). */
  label: string;
  defaultValues: Values;
  /** Saves; a thrown API error shows under its field (or above the form) and keeps what was typed. */
  onSubmit(values: Values): Promise<void>;
  onCancel(): void;
  /** Above the fields (an edit conflict). */
  notice?: ReactNode;
  /** Edit mode opened by a button that then goes away: the first field takes the focus. */
  focusFirstField?: boolean;
};

type RecordFormOptions<Values> = {
  defaultValues: Values;
  /** The API's body schema (from `domain/`): the form checks what it would send. */
  schema: v.GenericSchema;
  /** The form's values as the API takes them. */
  toBody(values: Values): unknown;
  /** Saves; a thrown API error shows under its field (or above the form) and keeps what was typed. */
  onSubmit(values: Values): Promise<void>;
  /** Edit mode opened by a button that then goes away: the first field takes the focus. */
  focusFirstField?: boolean;
  /** The form-level message of every failed save, beside any field errors (a screen whose spec names one). */
  failureMessage?: string;
  /** The form field of an error's dotted path (default: its first part), for bodies that nest what the form keeps flat. */
  fieldOf?(path: string): string | null;
};

/**
 * The working parts of a record's create/edit form: validation by the API's own schema as the user
 * goes (after the first submit, on every change), the server's field errors under their fields, a
 * form-level failure, whether anything changed, and the first field's focus.
 */
export function useRecordForm<Values extends object>({ defaultValues, schema, toBody, onSubmit, focusFirstField = false, failureMessage, fieldOf }: RecordFormOptions<Values>) {
  const [failure, setFailure] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusFirstField) firstField.current?.focus();
  }, [focusFirstField]);
  const form = useForm({
    defaultValues,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: ({ value }) => formErrors(schemaFieldErrors(schema, toBody(value), fieldOf)) },
    onSubmit: async ({ value }) => {
      setFailure(null);
      setServerErrors({});
      try {
        await onSubmit(value);
      } catch (error) {
        const fields = serverFieldErrors(error, fieldOf);
        setServerErrors(fields);
        if (failureMessage) setFailure(failureMessage);
        else if (Object.keys(fields).length === 0) setFailure(saveFailure(error));
      }
    },
  });
  const dirty = useStore(form.store, (state) => !sameValues(state.values, defaultValues));
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  /** A field's message: the form's own check first, else what the server said of it (a nested field by its path: 'tasks[0].text'). */
  const errorOf = (name: DeepKeys<Values>, errors: unknown[]) => firstError(errors) ?? serverErrors[name];
  return { form, failure, dirty, submitting, errorOf, firstField };
}
