import {
  practiceTeamAffiliations,
  practiceTeamCreateSchema,
  practiceTeamDefaults,
  practiceTeamTypes,
  type PracticeTeam,
  type PracticeTeamAffiliation,
  type PracticeTeamCreate,
  type PracticeTeamType,
} from '../../../domain/practice-teams.ts';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { EditForm } from '../../components/ui/edit-form.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/form-fields.tsx';
import { useRecordForm, type RecordFormProps } from '../../lib/record-form.ts';

export type PracticeTeamValues = { name: string; type: string; affiliation: string; description: string; isViewable: boolean; isSchedulable: boolean };

export const emptyPracticeTeam: PracticeTeamValues = {
  name: '',
  type: '',
  affiliation: '',
  description: '',
  isViewable: practiceTeamDefaults.isViewable,
  isSchedulable: practiceTeamDefaults.isSchedulable,
};

export const toPracticeTeamValues = (team: PracticeTeam): PracticeTeamValues => ({
  name: team.name,
  type: team.type ?? '',
  affiliation: team.affiliation ?? '',
  description: team.description ?? '',
  isViewable: team.isViewable,
  isSchedulable: team.isSchedulable,
});

/** The form's values as the API takes them (an empty type, affiliation or description is none). */
export const toPracticeTeamBody = (
  values: PracticeTeamValues,
): PracticeTeamCreate & { type: PracticeTeamType | null; affiliation: PracticeTeamAffiliation | null; description: string | null } => ({
  name: values.name,
  type: values.type === '' ? null : (values.type as PracticeTeamType),
  affiliation: values.affiliation === '' ? null : (values.affiliation as PracticeTeamAffiliation),
  description: values.description.trim() === '' ? null : values.description,
  isViewable: values.isViewable,
  isSchedulable: values.isSchedulable,
});

/** How each field reads in the conflict notice. */
export const practiceTeamConflictFields: { label: string; show(v: PracticeTeamValues): string }[] = [
  { label: 'Name', show: (v) => v.name },
  { label: 'Type', show: (v) => v.type || '—' },
  { label: 'Affiliation', show: (v) => v.affiliation || '—' },
  { label: 'Description', show: (v) => v.description || '—' },
  { label: 'Viewable', show: (v) => (v.isViewable ? 'Yes' : 'No') },
  { label: 'Schedulable', show: (v) => (v.isSchedulable ? 'Yes' : 'No') },
];

const typeOptions = practiceTeamTypes.map((t) => ({ value: t, label: t }));
const affiliationOptions = practiceTeamAffiliations.map((a) => ({ value: a, label: a }));

type PracticeTeamFormProps = RecordFormProps<PracticeTeamValues>;

/** Name (required), type, affiliation, viewable, schedulable and description: the create form and the detail screen's edit mode. */
export function PracticeTeamForm({ label, defaultValues, onSubmit, onCancel, notice = null, focusFirstField = false }: PracticeTeamFormProps) {
  const { form, failure, dirty, submitting, errorOf, firstField } = useRecordForm({
    defaultValues,
    schema: practiceTeamCreateSchema,
    toBody: toPracticeTeamBody,
    onSubmit,
    focusFirstField,
  });

  return (
    <EditForm label={label} onSubmit={form.handleSubmit} dirty={dirty} submitting={submitting} notice={notice} failure={failure} onCancel={onCancel} submitLabel="Save">
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900">
        <form.Field name="name">
          {(field) => (
            <TextField field={field} label="Name" required error={errorOf('name', field.state.meta.errors)} className="sm:col-span-2" inputRef={firstField} autoComplete="off" />
          )}
        </form.Field>
        <form.Field name="type">
          {(field) => (
            <SelectField label="Type" error={errorOf('type', field.state.meta.errors)} placeholder="No type" options={typeOptions} value={field.state.value} onValueChange={field.handleChange} />
          )}
        </form.Field>
        <form.Field name="affiliation">
          {(field) => (
            <SelectField
              label="Affiliation"
              error={errorOf('affiliation', field.state.meta.errors)}
              placeholder="No affiliation"
              options={affiliationOptions}
              value={field.state.value}
              onValueChange={field.handleChange}
            />
          )}
        </form.Field>
        <form.Field name="isViewable">
          {(field) => <Checkbox label="Viewable" description="Shown when choosing a team (filters, assignments)." checked={field.state.value} onCheckedChange={field.handleChange} />}
        </form.Field>
        <form.Field name="isSchedulable">
          {(field) => <Checkbox label="Schedulable" description="Its members can be put on schedules." checked={field.state.value} onCheckedChange={field.handleChange} />}
        </form.Field>
        <form.Field name="description">
          {(field) => (
            <TextField field={field} label="Description" multiline hint="What the team does, and when to call on it." error={errorOf('description', field.state.meta.errors)} className="sm:col-span-2" />
          )}
        </form.Field>
      </div>
    </EditForm>
  );
}
