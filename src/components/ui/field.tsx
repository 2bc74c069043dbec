import { useId, type ComponentProps, type ReactNode, type Ref } from 'react';
import { cn } from '../../lib/cn.ts';

/** What a control inside a Field needs to be named and described (spread it on the control). */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

type FieldProps = {
  label: ReactNode;
  /** The first error of the field; shown in red under the control and linked by aria-describedby. */
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children(control: FieldControlProps): ReactNode;
};

/** A labelled control with its hint and error message under it (spec §5: errors per field). */
export function Field({ label, error, hint, required, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div data-slot="field" className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
        {required ? (
          <span className="ml-0.5 text-red-700 dark:text-red-400" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'aria-required': required ? true : undefined })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** What a text control needs of a form's field (a TanStack Form field of a string). */
export type TextFieldApi = {
  state: { value: string };
  handleBlur(): void;
  handleChange(value: string): void;
};

type TextFieldProps = Omit<FieldProps, 'children'> & {
  field: TextFieldApi;
  /** A text area rather than a one-line input. */
  multiline?: boolean;
  inputRef?: Ref<HTMLInputElement>;
} & Pick<ComponentProps<'input'>, 'disabled' | 'maxLength' | 'inputMode' | 'autoComplete' | 'placeholder' | 'type'> &
  Pick<ComponentProps<'textarea'>, 'rows'>;

/** A form's text field: a `Field` with an input (or a text area) bound to the form's value. */
export function TextField({ field, label, error, hint, required, className, multiline, inputRef, rows, ...control }: TextFieldProps) {
  const bound = { value: field.state.value, onBlur: () => field.handleBlur() };
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className}>
      {(aria) =>
        multiline ? (
          <Textarea {...aria} {...control} {...bound} rows={rows} onChange={(event) => field.handleChange(event.target.value)} />
        ) : (
          <Input {...aria} {...control} {...bound} ref={inputRef} onChange={(event) => field.handleChange(event.target.value)} />
        )
      }
    </Field>
  );
}

export function FieldError({ id, error }: { id?: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={id} data-slot="field-error" className="text-sm text-red-700 dark:text-red-400">
      {error}
    </p>
  );
}

/** A control's look without its width (for controls sized by their context). */
export const controlBase = [
  'rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-xs placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/40 disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:placeholder:text-slate-400 dark:disabled:text-slate-300 dark:aria-invalid:border-red-400',
  // A field in error keeps its red while focused, with a red ring (the brand ring hid it).
  'aria-invalid:focus-visible:border-red-600 aria-invalid:focus-visible:outline-red-600/60 dark:aria-invalid:focus-visible:border-red-400 dark:aria-invalid:focus-visible:outline-red-400/70',
  // A field that cannot be changed (locked, or a form shown to read) has a dashed outline and no
  // shadow in both themes: in the dark theme its darker fill alone looked like an editable box.
  'disabled:border-dashed disabled:shadow-none dark:disabled:border-slate-500 dark:disabled:bg-transparent',
  // Read-only values are text to read, not boxes to type in: no border, background or shadow.
  '[&[readonly]]:border-transparent [&[readonly]]:bg-transparent [&[readonly]]:px-0 [&[readonly]]:shadow-none dark:[&[readonly]]:border-transparent dark:[&[readonly]]:bg-transparent',
].join(' ');
export const controlClass = `${controlBase} w-full`;

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input data-slot="input" className={cn(controlClass, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea data-slot="textarea" className={cn(controlClass, 'min-h-20', className)} {...props} />;
}

/** A form-level message (e.g. 'Server Error'), announced when it appears. */
export function FormError({ children, className }: { children: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <div
      role="alert"
      data-slot="form-error"
      className={cn('rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100', className)}
    >
      {children}
    </div>
  );
}
