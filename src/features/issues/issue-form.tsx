import { issueCategories, issueCreateSchema, issueDefaults, type Issue, type IssueCategory, type IssueCreate } from '../../../domain/issues.ts';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { EditForm } from '../../components/ui/edit-form.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/form-fields.tsx';
import { useRecordForm, type RecordFormProps } from '../../lib/record-form.ts';

export type IssueValues = { name: string; description: string; category: string; urgent: boolean; active: boolean };

export const emptyIssue: IssueValues = { name: '', description: '', category: '', urgent: issueDefaults.urgent, active: issueDefaults.active };

export const toIssueValues = (issue: Issue): IssueValues => ({
  name: issue.name,
  description: issue.description ?? '',
  category: issue.category ?? '',
  urgent: issue.urgent,
  active: issue.active,
});

/** The form's values as the API takes them (an empty description or category is none). */
export const toIssueBody = (values: IssueValues): IssueCreate & { description: string | null; category: IssueCategory | null } => ({
  name: values.name,
  description: values.description.trim() === '' ? null : values.description,
  category: values.category === '' ? null : (values.category as IssueCategory),
  urgent: values.urgent,
  active: values.active,
});

/** How each field reads in the conflict notice. */
export const issueConflictFields: { label: string; show(v: IssueValues): string }[] = [
  { label: 'Name', show: (v) => v.name },
  { label: 'Description', show: (v) => v.description || '—' },
  { label: 'Category', show: (v) => v.category || '—' },
  { label: 'Urgent', show: (v) => (v.urgent ? 'Yes' : 'No') },
  { label: 'Active', show: (v) => (v.active ? 'Yes' : 'No') },
];

const categoryOptions = issueCategories.map((c) => ({ value: c, label: c }));

type IssueFormProps = RecordFormProps<IssueValues>;

/** Name (required), description, category, urgent and active: the create form and the detail screen's edit mode. */
export function IssueForm({ label, defaultValues, onSubmit, onCancel, notice = null, focusFirstField = false }: IssueFormProps) {
  const { form, failure, dirty, submitting, errorOf, firstField } = useRecordForm({ defaultValues, schema: issueCreateSchema, toBody: toIssueBody, onSubmit, focusFirstField });

  return (
    <EditForm label={label} onSubmit={form.handleSubmit} dirty={dirty} submitting={submitting} notice={notice} failure={failure} onCancel={onCancel} submitLabel="Save">
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900">
        <form.Field name="name">
          {(field) => (
            <TextField field={field} label="Name" required error={errorOf('name', field.state.meta.errors)} className="sm:col-span-2" inputRef={firstField} autoComplete="off" />
          )}
        </form.Field>
        <form.Field name="category">
          {(field) => (
            <SelectField label="Category" error={errorOf('category', field.state.meta.errors)} placeholder="No category" options={categoryOptions} value={field.state.value} onValueChange={field.handleChange} />
          )}
        </form.Field>
        <div className="flex flex-col gap-3 sm:pt-6">
          <form.Field name="urgent">
            {(field) => (
              <Checkbox
                label="Urgent"
                description="Agents triage these calls first."
                checked={field.state.value}
                onCheckedChange={field.handleChange}
              />
            )}
          </form.Field>
          <form.Field name="active">
            {(field) => <Checkbox label="Active" description="Offered when recording a call." checked={field.state.value} onCheckedChange={field.handleChange} />}
          </form.Field>
        </div>
        <form.Field name="description">
          {(field) => (
            <TextField field={field} label="Description" multiline hint="What the agent should know or do." error={errorOf('description', field.state.meta.errors)} className="sm:col-span-2" />
          )}
        </form.Field>
      </div>
    </EditForm>
  );
}
