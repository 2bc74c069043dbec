import type { ComponentProps } from 'react';
import { ChipInput } from './chip.tsx';
import { Field } from './field.tsx';
import { Select } from './select.tsx';

type FieldFrame = Omit<ComponentProps<typeof Field>, 'children'>;

type ChipFieldProps = FieldFrame &
  Pick<ComponentProps<typeof ChipInput>, 'value' | 'onChange' | 'itemName' | 'max' | 'maxLength'> & {
    /** Accessible name of the text box (default: the label). */
    inputLabel?: string;
    label: string;
  };

/** A form's list of free-text chips ('Synonyms', 'Services'): a `Field` around a `ChipInput`, named and described by it. */
export function ChipField({ label, error, hint, required, className, inputLabel = label, ...chips }: ChipFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <ChipInput id={control.id} describedBy={control['aria-describedby']} invalid={Boolean(control['aria-invalid'])} inputLabel={inputLabel} {...chips} />
      )}
    </Field>
  );
}

type SelectFieldProps = FieldFrame & Omit<ComponentProps<typeof Select>, 'id' | 'className' | 'required'>;

/** A form's choice from a list: a `Field` around a native `Select`, named and described by it. */
export function SelectField({ label, error, hint, required, className, ...select }: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => <Select {...control} {...select} />}
    </Field>
  );
}
