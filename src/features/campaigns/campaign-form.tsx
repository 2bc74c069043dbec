import { campaignCreateSchema, campaignLimits, surveyTypes, type Campaign, type CampaignCreate, type SurveyType } from '../../../domain/campaigns.ts';
import { messages } from '../../../domain/messages.ts';
import { EditForm } from '../../components/ui/edit-form.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/form-fields.tsx';
import { useRecordForm, type RecordFormProps } from '../../lib/record-form.ts';
import { surveyTypeLabels } from './campaign-parts.tsx';

export type CampaignValues = { name: string; description: string; surveyType: string; question: string; commentLabel: string };

export const emptyCampaign: CampaignValues = { name: '', description: '', surveyType: 'thumbs', question: '', commentLabel: '' };

export const toCampaignValues = (campaign: Campaign): CampaignValues => ({
  name: campaign.name,
  description: campaign.description ?? '',
  surveyType: campaign.surveyType,
  question: campaign.question,
  commentLabel: campaign.commentLabel ?? '',
});

/** The form's values as the API takes them (an empty description or comment label is none: no comment box). */
export const toCampaignBody = (values: CampaignValues): CampaignCreate & { description: string | null; commentLabel: string | null } => ({
  name: values.name,
  description: values.description.trim() === '' ? null : values.description,
  surveyType: values.surveyType as SurveyType,
  question: values.question,
  commentLabel: values.commentLabel.trim() === '' ? null : values.commentLabel,
});

/** How each field reads in the conflict notice. */
export const campaignConflictFields: { label: string; show(v: CampaignValues): string }[] = [
  { label: 'Campaign Name', show: (v) => v.name },
  { label: 'Campaign Description', show: (v) => v.description || '—' },
  { label: 'Survey Type', show: (v) => surveyTypeLabels[v.surveyType as SurveyType] ?? v.surveyType },
  { label: 'Campaign Question', show: (v) => v.question },
  { label: 'Comment Label', show: (v) => v.commentLabel || '—' },
];

const surveyTypeOptions = surveyTypes.map((type) => ({ value: type, label: surveyTypeLabels[type] }));

/** A failed save shows 'There was an error with your submission' (and field errors) and keeps what was typed. */
type CampaignFormProps = RecordFormProps<CampaignValues> & {
  /** 'Create Survey' on the create screen (spec §2), 'Save Changes' when editing. */
  submitLabel: string;
};

/** Spec §2 "Campaigns": Campaign Name, Campaign Description, Survey Type, Campaign Question, Comment Label. */
export function CampaignForm({ label, defaultValues, submitLabel, onSubmit, onCancel, notice = null }: CampaignFormProps) {
  const { form, failure, dirty, submitting, errorOf, firstField } = useRecordForm({
    defaultValues,
    schema: campaignCreateSchema,
    toBody: toCampaignBody,
    onSubmit,
    failureMessage: messages.campaignSubmissionError,
  });

  return (
    <EditForm label={label} onSubmit={form.handleSubmit} dirty={dirty} submitting={submitting} notice={notice} failure={failure} onCancel={onCancel} submitLabel={submitLabel}>
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900">
        <form.Field name="name">
          {(field) => (
            <TextField
              field={field}
              label="Campaign Name"
              required
              error={errorOf('name', field.state.meta.errors)}
              className="sm:col-span-2"
              inputRef={firstField}
              maxLength={campaignLimits.name}
              autoComplete="off"
            />
          )}
        </form.Field>
        <form.Field name="description">
          {(field) => (
            <TextField
              field={field}
              label="Campaign Description"
              multiline
              error={errorOf('description', field.state.meta.errors)}
              className="sm:col-span-2"
              maxLength={campaignLimits.description}
            />
          )}
        </form.Field>
        <form.Field name="surveyType">
          {(field) => (
            <SelectField label="Survey Type" required hint="How patients answer: two choices or three." error={errorOf('surveyType', field.state.meta.errors)} options={surveyTypeOptions} value={field.state.value} onValueChange={field.handleChange} />
          )}
        </form.Field>
        <form.Field name="question">
          {(field) => (
            <TextField
              field={field}
              label="Campaign Question"
              required
              hint="What the patient is asked."
              error={errorOf('question', field.state.meta.errors)}
              className="sm:col-span-2"
              maxLength={campaignLimits.question}
              autoComplete="off"
            />
          )}
        </form.Field>
        <form.Field name="commentLabel">
          {(field) => (
            <TextField
              field={field}
              label="Comment Label"
              hint="Shown above the patient's optional comment; leave empty to ask for no comment."
              error={errorOf('commentLabel', field.state.meta.errors)}
              className="sm:col-span-2"
              maxLength={campaignLimits.commentLabel}
              autoComplete="off"
            />
          )}
        </form.Field>
      </div>
    </EditForm>
  );
}
