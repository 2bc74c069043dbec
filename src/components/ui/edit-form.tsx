import type { ReactNode, Ref } from 'react';
import { Button } from './button.tsx';
import { FormError } from './field.tsx';
import { Form } from './form.tsx';
import { LeaveGuard } from './leave-guard.tsx';

type EditFormProps = {
  /** The form's accessible name ('Edit user'). */
  label: string;
  /** Runs the form library's submit (validation first, then the save); return its promise, so a refused save can focus the first field to mend. */
  onSubmit(): unknown;
  /** Unsaved changes: leaving asks first. */
  dirty: boolean;
  submitting: boolean;
  /** Shown above the fields (e.g. an edit conflict). */
  notice: ReactNode;
  /** The form-level message of a failed save. */
  failure: string | null;
  onCancel?(): void;
  /** A form shown to read (a role's page in view mode): no Cancel or Save. */
  readOnly?: boolean;
  formRef?: Ref<HTMLFormElement>;
  /** The submit button's text ('Save Changes' unless the screen's spec names another). */
  submitLabel?: string;
  children: ReactNode;
};

/** The frame of a record's edit screen: leave guard, notices, the fields, Cancel and Save Changes. */
export function EditForm({ label, onSubmit, dirty, submitting, notice, failure, onCancel, readOnly = false, formRef, submitLabel = 'Save Changes', children }: EditFormProps) {
  return (
    <Form ref={formRef} aria-label={label} onSubmit={onSubmit} className="flex flex-col gap-4">
      <LeaveGuard when={dirty && !submitting} />
      {notice}
      <FormError>{failure}</FormError>
      {children}
      {readOnly ? null : (
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" pending={submitting}>
            {submitting ? 'Saving…' : submitLabel}
          </Button>
        </div>
      )}
    </Form>
  );
}
