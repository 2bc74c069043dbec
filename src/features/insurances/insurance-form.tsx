import {
  insuranceCreateSchema,
  insuranceDefaults,
  insuranceFlags,
  insuranceLimits,
  insuranceTypes,
  type Insurance,
  type InsuranceCreate,
  type InsuranceFlag,
  type InsuranceType,
} from '../../../domain/insurances.ts';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { ChipField } from '../../components/ui/form-fields.tsx';
import { EditForm } from '../../components/ui/edit-form.tsx';
import { Field, FieldError, TextField } from '../../components/ui/field.tsx';
import { MultiSelect } from '../../components/ui/multi-select.tsx';
import { useRecordForm, type RecordFormProps } from '../../lib/record-form.ts';

export type InsuranceValues = { insurancePlanName: string; insuranceType: InsuranceType[]; planPrefix: string[] } & Record<InsuranceFlag, boolean>;

const defaultFlags = Object.fromEntries(insuranceFlags.map(([flag]) => [flag, insuranceDefaults[flag]])) as Record<InsuranceFlag, boolean>;

export const emptyInsurance: InsuranceValues = { insurancePlanName: '', insuranceType: [], planPrefix: [], ...defaultFlags };

export const toInsuranceValues = (insurance: Insurance): InsuranceValues => ({
  insurancePlanName: insurance.insurancePlanName,
  insuranceType: [...insurance.insuranceType],
  planPrefix: [...insurance.planPrefix],
  ...(Object.fromEntries(insuranceFlags.map(([flag]) => [flag, insurance[flag]])) as Record<InsuranceFlag, boolean>),
});

export const toInsuranceBody = (values: InsuranceValues): InsuranceCreate & InsuranceValues => ({ ...values });

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** How each field reads in the conflict notice. */
export const insuranceConflictFields: { label: string; show(v: InsuranceValues): string }[] = [
  { label: 'Plan name', show: (v) => v.insurancePlanName },
  { label: 'Insurance types', show: (v) => v.insuranceType.join(', ') || '—' },
  { label: 'Plan prefixes', show: (v) => v.planPrefix.join(', ') || '—' },
  ...insuranceFlags.map(([flag, label]) => ({ label, show: (v: InsuranceValues) => yesNo(v[flag]) })),
];

const typeOptions = insuranceTypes.map((t) => ({ value: t, label: t }));

/** What each yes/no field tells the agent on the phone. */
const flagHints: Record<InsuranceFlag, string> = {
  isInNetwork: 'The practice is contracted with this plan.',
  isSecondaryOnly: 'Accepted only as secondary coverage.',
  isReferralRequired: 'The patient needs a referral from their primary care provider.',
  isAuthorizationRequired: 'Visits need a prior authorization from the plan.',
  isOkToBringAuthorization: 'The patient may bring the authorization to the visit.',
  isMedicare: 'A Medicare plan.',
  isMedicade: 'A Medicaid plan.',
  isWorkercomp: "Workers' compensation coverage.",
};

type InsuranceFormProps = RecordFormProps<InsuranceValues>;

/** Every field of spec §3 Insurance: the create form and the detail screen's edit mode. */
export function InsuranceForm({ label, defaultValues, onSubmit, onCancel, notice = null, focusFirstField = false }: InsuranceFormProps) {
  const { form, failure, dirty, submitting, errorOf, firstField } = useRecordForm({ defaultValues, schema: insuranceCreateSchema, toBody: toInsuranceBody, onSubmit, focusFirstField });

  return (
    <EditForm label={label} onSubmit={form.handleSubmit} dirty={dirty} submitting={submitting} notice={notice} failure={failure} onCancel={onCancel} submitLabel="Save">
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900">
        <form.Field name="insurancePlanName">
          {(field) => (
            <TextField
              field={field}
              label="Plan name"
              required
              error={errorOf('insurancePlanName', field.state.meta.errors)}
              className="sm:col-span-2"
              inputRef={firstField}
              autoComplete="off"
            />
          )}
        </form.Field>
        <form.Field name="insuranceType">
          {(field) => (
            <Field label="Insurance types" error={errorOf('insuranceType', field.state.meta.errors)}>
              {(control) => (
                <MultiSelect
                  {...control}
                  label="Insurance types"
                  placeholder="No types chosen"
                  options={typeOptions}
                  value={field.state.value}
                  onValueChange={(types) => field.handleChange(types as InsuranceType[])}
                />
              )}
            </Field>
          )}
        </form.Field>
        <form.Field name="planPrefix">
          {(field) => (
            <ChipField
              label="Plan prefixes"
              hint="The first letters or digits of the member id on the card."
              error={errorOf('planPrefix', field.state.meta.errors)}
              value={field.state.value}
              onChange={field.handleChange}
              itemName="plan prefix"
              max={insuranceLimits.prefixes}
              maxLength={insuranceLimits.prefixLength}
            />
          )}
        </form.Field>
        <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">Coverage rules</legend>
          {insuranceFlags.map(([flag, flagLabel]) => (
            <form.Field key={flag} name={flag}>
              {(field) => (
                <div>
                  <Checkbox label={flagLabel} description={flagHints[flag]} checked={field.state.value} onCheckedChange={field.handleChange} />
                  <FieldError error={errorOf(flag, field.state.meta.errors)} />
                </div>
              )}
            </form.Field>
          ))}
        </fieldset>
      </div>
    </EditForm>
  );
}
