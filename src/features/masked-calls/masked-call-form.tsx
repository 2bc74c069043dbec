import { useQuery } from '@tanstack/react-query';
import { maskingBounds, maskingCreateSchema, type MaskingCreate } from '../../../domain/masking.ts';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { EditForm } from '../../components/ui/edit-form.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/form-fields.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { useCan } from '../../lib/policy.ts';
import { telephonySettingsQuery } from '../../lib/telephony-settings.ts';
import { useRecordForm, type RecordFormProps } from '../../lib/record-form.ts';
import { practiceLinesQuery } from './queries.ts';
import { numberOrText } from '../../lib/form.ts';

type Limit = 'expiryHours' | 'maxCalls' | 'callTimeLimitMinutes' | 'ringTimeoutSeconds';

/** The limits are typed as text (an empty one is the practice's default) and sent as numbers. */
export type MaskedCallValues = { patientNumber: string; practiceContactPointId: string; sendText: boolean; personId: string; interactionId: string } & Record<Limit, string>;

/** What a session set up from a person's or a call's page starts with. */
export type MaskedCallPrefill = { personId?: string; interactionId?: string; patientNumber?: string };

export const emptyMaskedCall = ({ personId = '', interactionId = '', patientNumber = '' }: MaskedCallPrefill = {}): MaskedCallValues => ({
  patientNumber,
  practiceContactPointId: '',
  sendText: true,
  personId,
  interactionId,
  expiryHours: '',
  maxCalls: '',
  callTimeLimitMinutes: '',
  ringTimeoutSeconds: '',
});

/** The form's values as the API takes them (an empty limit is the practice's default). */
export const toMaskedCallBody = (values: MaskedCallValues): MaskingCreate => {
  const limits = Object.fromEntries(
    (['expiryHours', 'maxCalls', 'callTimeLimitMinutes', 'ringTimeoutSeconds'] as const).flatMap((key) => {
      const value = numberOrText(values[key]);
      return value === null ? [] : [[key, value]];
    }),
  );
  return {
    patientNumber: values.patientNumber.trim(),
    practiceContactPointId: values.practiceContactPointId,
    sendText: values.sendText,
    ...(values.personId ? { personId: values.personId } : {}),
    ...(values.interactionId ? { interactionId: values.interactionId } : {}),
    ...limits,
  } as MaskingCreate;
};

const limitFields: { name: Limit; label: string; unit: string }[] = [
  { name: 'expiryHours', label: 'Expires after (hours)', unit: 'hours' },
  { name: 'maxCalls', label: 'Calls allowed', unit: 'calls' },
  { name: 'callTimeLimitMinutes', label: 'Call time limit (minutes)', unit: 'minutes' },
  { name: 'ringTimeoutSeconds', label: 'Ring time (seconds)', unit: 'seconds' },
];

type MaskedCallFormProps = RecordFormProps<MaskedCallValues> & {
  /** The person the call is for, when set up from their page: named above the fields. */
  personName?: string;
};

/** Patient number and practice line (required), whether to text the link, and the four limits (empty: the practice's defaults). */
export function MaskedCallForm({ label, defaultValues, onSubmit, onCancel, notice = null, focusFirstField = false, personName }: MaskedCallFormProps) {
  const { form, failure, dirty, submitting, errorOf, firstField } = useRecordForm({
    defaultValues,
    schema: maskingCreateSchema,
    toBody: toMaskedCallBody,
    onSubmit,
    focusFirstField,
  });
  const account = useAccountKey();
  const lines = useQuery(practiceLinesQuery(account));
  // The practice's own defaults (Telephony settings), where the role may read them.
  const mayReadDefaults = useCan('/telephony/settings', 'GET');
  const defaults = useQuery({ ...telephonySettingsQuery(account), enabled: mayReadDefaults }).data?.callMasking;
  const lineOptions = (lines.data ?? []).map((line) => ({ value: line.id, label: `${line.name}, ${line.value}` }));

  return (
    <EditForm label={label} onSubmit={form.handleSubmit} dirty={dirty} submitting={submitting} notice={notice} failure={failure} onCancel={onCancel} submitLabel="Save">
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900">
        {personName ? (
          <p className="text-sm sm:col-span-2">
            For <span className="font-medium">{personName}</span>
          </p>
        ) : null}
        <form.Field name="patientNumber">
          {(field) => (
            <TextField
              field={field}
              label="Patient number"
              required
              hint="The US number the practice will call, for example (555) 123-4567."
              error={errorOf('patientNumber', field.state.meta.errors)}
              inputRef={firstField}
              type="tel"
              inputMode="tel"
              autoComplete="off"
            />
          )}
        </form.Field>
        <form.Field name="practiceContactPointId">
          {(field) => (
            <SelectField
              label="Practice line"
              required
              hint="The practice's phone line the patient is put through to."
              error={errorOf('practiceContactPointId', field.state.meta.errors) ?? (lines.isError ? 'The practice lines could not be read. Reload to try again.' : undefined)}
              placeholder={lines.isPending ? 'Loading lines…' : 'Choose a line'}
              options={lineOptions}
              value={field.state.value}
              onValueChange={field.handleChange}
            />
          )}
        </form.Field>
        <form.Field name="sendText">
          {(field) => (
            <Checkbox
              label="Text the link to the patient"
              description="Otherwise copy the link from the next page and share it yourself."
              checked={field.state.value}
              onCheckedChange={field.handleChange}
              className="sm:col-span-2"
            />
          )}
        </form.Field>
        {limitFields.map(({ name, label: fieldLabel, unit }) => (
          <form.Field key={name} name={name}>
            {(field) => (
              <TextField
                field={field}
                label={fieldLabel}
                hint={`${maskingBounds[name].min} to ${maskingBounds[name].max} ${unit}. Empty: the practice's default${defaults ? ` (${defaults[name]})` : ''}.`}
                placeholder={defaults ? String(defaults[name]) : undefined}
                error={errorOf(name, field.state.meta.errors)}
                inputMode="numeric"
                autoComplete="off"
              />
            )}
          </form.Field>
        ))}
      </div>
    </EditForm>
  );
}
