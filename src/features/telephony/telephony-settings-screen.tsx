import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef } from 'react';
import type { MaskingSettings } from '../../../domain/masking.ts';
import { maskingBounds } from '../../../domain/masking.ts';
import {
  maskingSettingKeys,
  maskingSettingLabels,
  telephonySettingsPatchSchema,
  type PracticeNumber,
  type TelephonySettings,
  type TelephonySettingsPatch,
} from '../../../domain/telephony-settings.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, DescriptionList } from '../../components/ui/description-list.tsx';
import { EditForm } from '../../components/ui/edit-form.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/form-fields.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { RecordLoad } from '../../components/ui/record-page.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { phoneLabel, useDayFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/policy.ts';
import { useEditMode } from '../../lib/record-detail.ts';
import { useRecordForm } from '../../lib/record-form.ts';
import { useToast } from '../../lib/toast.ts';
import { telephonySettingsQuery, useSaveTelephonySettings } from './queries.ts';
import { numberOrText } from '../../lib/form.ts';

/**
 * Telephony settings (issue 42, "Per-practice numbers"; the screen is ours): the practice's Twilio
 * numbers with the one calls and texts go from, and the limits a new masked call link gets when
 * staff leave them empty. Edit then Save, as a record's page.
 */
export function TelephonySettingsScreen() {
  const settings = useQuery(telephonySettingsQuery(useAccountKey()));
  return (
    <RecordLoad query={settings} label="Loading telephony settings…">
      {(data) => <TelephonySettingsDetail settings={data} />}
    </RecordLoad>
  );
}

const systemLabels: Record<PracticeNumber['system'], string> = { PHONE: 'Calls', SMS: 'Texts' };

/** A limit as read: its value and unit, and whether it is the built-in default. */
const limitText = (settings: TelephonySettings, key: keyof MaskingSettings) =>
  `${settings.callMasking[key]} ${maskingSettingLabels[key].unit}${settings.callMasking[key] === settings.builtIn[key] ? ' (built-in default)' : ''}`;

function TelephonySettingsDetail({ settings }: { settings: TelephonySettings }) {
  const formatDay = useDayFormat();
  const { editing, editButton, startEditing, leaveEdit } = useEditMode();
  const titleId = 'telephony-settings-title';
  return (
    <article aria-labelledby={titleId} className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <PageHeader
        titleId={titleId}
        title="Telephony settings"
        description="The numbers the practice calls and texts patients from, and the limits of its masked call links."
        actions={
          editing ? null : (
            <Permitted requires={{ resource: '/telephony/settings', method: 'PATCH' }}>
              <Button ref={editButton} onClick={startEditing}>
                Edit
              </Button>
            </Permitted>
          )
        }
      />
      {editing ? (
        <TelephonySettingsEdit settings={settings} onDone={leaveEdit} />
      ) : (
        <>
          <Card title="Practice numbers" titleId={`${titleId}-numbers`}>
            <PracticeNumbers numbers={settings.numbers} />
          </Card>
          <Card title="Calling hours" titleId={`${titleId}-hours`}>
            <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">When workflows call and text patients, in each patient's own time zone (from their address, else their area code).</p>
            <DescriptionList
              items={[
                { label: 'From', value: settings.callingHours.start },
                { label: 'Until', value: settings.callingHours.end },
                { label: 'Holidays', value: settings.callingHours.holidays.length > 0 ? settings.callingHours.holidays.map((day) => formatDay(day)).join(', ') : 'None' },
              ]}
            />
          </Card>
          <Card title="Masked call link defaults" titleId={`${titleId}-masking`}>
            <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">What a new link gets when the person setting it up leaves a limit empty.</p>
            <DescriptionList items={maskingSettingKeys.map((key) => ({ label: maskingSettingLabels[key].label, value: limitText(settings, key) }))} />
          </Card>
        </>
      )}
    </article>
  );
}

/** The practice's Twilio numbers, each name a link to its contact point (where the role may read it). */
function PracticeNumbers({ numbers }: { numbers: PracticeNumber[] }) {
  const mayOpen = useCan('/contactpoints/contact-points/{id}', 'GET');
  if (numbers.length === 0) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The practice has no Twilio number yet: add a phone or SMS contact point with service provider Twilio. Until then it cannot call or text patients.
      </p>
    );
  }
  return (
    <ul aria-label="Practice numbers" className="flex flex-col divide-y divide-slate-200 dark:divide-slate-700">
      {numbers.map((number) => (
        <li key={number.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 first:pt-0 last:pb-0">
          <span className="min-w-0 font-medium">
            {mayOpen ? (
              <Link
                to="/practice/contact-points/$contactPointId"
                params={{ contactPointId: number.id }}
                className="text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300"
              >
                {number.name}
              </Link>
            ) : (
              number.name
            )}
          </span>
          <span className="whitespace-nowrap tabular-nums">{phoneLabel(number.number)}</span>
          <span className="whitespace-nowrap text-sm text-slate-600 dark:text-slate-400">{systemLabels[number.system]}</span>
          {number.calling ? (
            <span className="whitespace-nowrap rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800 ring-1 ring-green-600/30 dark:bg-green-950 dark:text-green-200">
              Calls and texts patients from
            </span>
          ) : null}
          {number.usable ? null : <span className="whitespace-nowrap text-sm text-slate-600 dark:text-slate-400">Outside North America: not used</span>}
        </li>
      ))}
    </ul>
  );
}

/** The form's values: the calling number's id ('' for the first by rank), each limit as typed ('' for the built-in default), the calling hours. */
type SettingsValues = { callerContactPointId: string; callingStart: string; callingEnd: string; holidays: string } & Record<keyof MaskingSettings, string>;

const valuesOf = (settings: TelephonySettings): SettingsValues => ({
  callerContactPointId: settings.callerContactPointId ?? '',
  callingStart: settings.callingHours.start,
  callingEnd: settings.callingHours.end,
  holidays: settings.callingHours.holidays.join('\n'),
  ...(Object.fromEntries(maskingSettingKeys.map((key) => [key, settings.callMasking[key] === settings.builtIn[key] ? '' : String(settings.callMasking[key])])) as Record<keyof MaskingSettings, string>),
});

export const toSettingsBody = (values: SettingsValues): TelephonySettingsPatch =>
  ({
    callerContactPointId: values.callerContactPointId === '' ? null : values.callerContactPointId,
    callMasking: Object.fromEntries(maskingSettingKeys.map((key) => [key, numberOrText(values[key])])),
    callingHours: {
      start: values.callingStart,
      end: values.callingEnd,
      holidays: values.holidays
        .split(/[\s,;]+/)
        .map((day) => day.trim())
        .filter(Boolean),
    },
  }) as TelephonySettingsPatch;

const callingFields: Record<string, keyof SettingsValues> = { 'callingHours.start': 'callingStart', 'callingHours.end': 'callingEnd', 'callingHours.holidays': 'holidays' };

/** The API names a limit's error `callMasking.maxCalls` and an hour's `callingHours.start`; the form's fields are `maxCalls` and `callingStart`. */
const fieldOf = (path: string) => {
  if (path.startsWith('callMasking.')) return path.slice('callMasking.'.length);
  const calling = Object.keys(callingFields).find((prefix) => path === prefix || path.startsWith(`${prefix}.`));
  return calling ? callingFields[calling]! : (path.split('.')[0] ?? null);
};

function TelephonySettingsEdit({ settings, onDone }: { settings: TelephonySettings; onDone(): void }) {
  const save = useSaveTelephonySettings();
  const toast = useToast();
  const defaultValues = useMemo(() => valuesOf(settings), [settings]);
  const { form, failure, dirty, submitting, errorOf } = useRecordForm({
    defaultValues,
    schema: telephonySettingsPatchSchema,
    toBody: toSettingsBody,
    fieldOf,
    onSubmit: async (values) => {
      await save.mutateAsync(toSettingsBody(values));
      toast('success', 'Telephony settings saved.');
      onDone();
    },
  });
  // The edit mode's Edit button goes away: the first field takes the focus.
  const firstField = useRef<HTMLSelectElement>(null);
  useEffect(() => firstField.current?.focus(), []);
  const first = settings.numbers.find((n) => n.usable);
  const options = settings.numbers.filter((n) => n.usable).map((n) => ({ value: n.id, label: `${n.name}, ${phoneLabel(n.number)}` }));
  return (
    <EditForm label="Edit telephony settings" onSubmit={form.handleSubmit} dirty={dirty} submitting={submitting} failure={failure} notice={null} onCancel={onDone}>
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900">
        <form.Field name="callerContactPointId">
          {(field) => (
            <SelectField
              label="Call and text patients from"
              hint="One of the practice's Twilio numbers in North America."
              error={errorOf('callerContactPointId', field.state.meta.errors)}
              placeholder={first ? `First by rank (${first.name})` : 'No Twilio number yet'}
              options={options}
              value={field.state.value}
              onValueChange={field.handleChange}
              className="sm:col-span-2"
              ref={firstField}
            />
          )}
        </form.Field>
        <form.Field name="callingStart">
          {(field) => (
            <TextField field={field} label="Call patients from" hint="Their own time, 8:00 at the earliest (HH:MM)." placeholder="08:00" error={errorOf('callingStart', field.state.meta.errors)} autoComplete="off" />
          )}
        </form.Field>
        <form.Field name="callingEnd">
          {(field) => (
            <TextField field={field} label="Call patients until" hint="Their own time, 21:00 at the latest (HH:MM)." placeholder="21:00" error={errorOf('callingEnd', field.state.meta.errors)} autoComplete="off" />
          )}
        </form.Field>
        <form.Field name="holidays">
          {(field) => (
            <TextField
              field={field}
              label="Holidays"
              hint="Days no workflow calls or texts: dates as YYYY-MM-DD, one per line or separated by commas."
              placeholder="2026-12-25"
              error={errorOf('holidays', field.state.meta.errors)}
              multiline
              rows={3}
              className="sm:col-span-2"
              autoComplete="off"
            />
          )}
        </form.Field>
        {maskingSettingKeys.map((key) => (
          <form.Field key={key} name={key}>
            {(field) => (
              <TextField
                field={field}
                label={maskingSettingLabels[key].label}
                hint={`${maskingBounds[key].min} to ${maskingBounds[key].max} ${maskingSettingLabels[key].unit}. Empty: the built-in default (${settings.builtIn[key]}).`}
                placeholder={String(settings.builtIn[key])}
                error={errorOf(key, field.state.meta.errors)}
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
