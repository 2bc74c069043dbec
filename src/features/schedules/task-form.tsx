import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  addDays,
  dateOf,
  instantOf,
  isLocalDate,
  scheduleMessages,
  timeOf,
  wallFrom,
  wallOf,
  weekdayNames,
  weekdayOf,
  weekdays,
  type Recurrence,
  type RecurrenceFrequency,
  type Weekday,
} from '../../../domain/schedules.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, FormError, Input, Textarea, controlClass } from '../../components/ui/field.tsx';
import { Form } from '../../components/ui/form.tsx';
import { usePractitionerOptions } from './owner-fields.tsx';

export type TaskFormValues = {
  title: string;
  practitionerId: string;
  who: string;
  date: string;
  from: string;
  to: string;
  notes: string;
  repeat: '' | RecurrenceFrequency;
  interval: string;
  byDay: Weekday[];
  ends: 'never' | 'until' | 'count';
  until: string;
  count: string;
};

/** What a task's form starts from: a task's (or one occurrence's) fields in the schedule's time zone. */
export function taskFormValues(
  task: { title: string; practitionerId: string | null; who: string | null; notes: string | null; start: string; end: string; recurrence: Recurrence | null },
  timeZone: string,
): TaskFormValues {
  const start = wallOf(new Date(task.start), timeZone);
  const end = wallOf(new Date(task.end), timeZone);
  const r = task.recurrence;
  return {
    title: task.title,
    practitionerId: task.practitionerId ?? '',
    who: task.who ?? '',
    date: dateOf(start),
    from: timeOf(start),
    to: timeOf(end),
    notes: task.notes ?? '',
    repeat: r?.freq ?? '',
    interval: String(r?.interval ?? 1),
    byDay: r?.byDay.length ? r.byDay : [weekdayOf(dateOf(start))],
    ends: r?.until ? 'until' : r?.count ? 'count' : 'never',
    until: r?.until ?? '',
    count: r?.count ? String(r.count) : '',
  };
}

/** A new task: today 09:00–10:00, not repeating. */
export const emptyTask = (today: string): TaskFormValues => ({
  title: '',
  practitionerId: '',
  who: '',
  date: today,
  from: '09:00',
  to: '10:00',
  notes: '',
  repeat: '',
  interval: '1',
  byDay: [weekdayOf(today)],
  ends: 'never',
  until: '',
  count: '',
});

/**
 * The form with its date changed. A weekly task's days that are still just the old date's weekday
 * (the default, or as loaded) follow the new date, so "weekly" starts on the day chosen: left on
 * today's weekday, a series dated on another day would first fall a week or more later (created on
 * a Sunday for a Monday, its first occurrence was the next Sunday, outside the week shown). Days the
 * user picked otherwise stay as they are; a date not yet whole (typing) leaves them too.
 */
export function withDate(values: TaskFormValues, date: string): TaskFormValues {
  const follows = isLocalDate(values.date) && isLocalDate(date) && values.byDay.length === 1 && values.byDay[0] === weekdayOf(values.date);
  return { ...values, date, ...(follows ? { byDay: [weekdayOf(date)] } : {}) };
}

export type TaskBody = {
  title: string;
  practitionerId: string | null;
  who: string | null;
  notes: string | null;
  start: string;
  end: string;
  recurrence?: Recurrence | null;
};

/**
 * The request body of the form, or the field errors that keep it from being sent. Times are read
 * in the schedule's time zone; an end at or before the start is the next day (an overnight shift).
 */
export function taskBody(values: TaskFormValues, timeZone: string, withRecurrence: boolean): { body: TaskBody } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!values.title.trim()) errors.title = scheduleMessages.titleRequired;
  const startWall = wallFrom(values.date, values.from);
  const endWallSameDay = wallFrom(values.date, values.to);
  if (!startWall) errors.start = scheduleMessages.startRequired;
  if (!endWallSameDay) errors.end = scheduleMessages.endRequired;
  let recurrence: Recurrence | null = null;
  if (withRecurrence && values.repeat) {
    const interval = Number(values.interval);
    if (!Number.isInteger(interval) || interval < 1 || interval > 52) errors.interval = scheduleMessages.intervalInvalid;
    if (values.repeat === 'WEEKLY' && values.byDay.length === 0) errors.byDay = scheduleMessages.byDayRequired;
    const count = Number(values.count);
    if (values.ends === 'count' && (!Number.isInteger(count) || count < 1 || count > 730)) errors.count = scheduleMessages.countInvalid;
    if (values.ends === 'until' && !wallFrom(values.until, '00:00')) errors.until = scheduleMessages.untilInvalid;
    recurrence = {
      freq: values.repeat,
      interval,
      byDay: values.repeat === 'WEEKLY' ? values.byDay : [],
      until: values.ends === 'until' ? values.until : null,
      count: values.ends === 'count' ? count : null,
    };
  }
  if (Object.keys(errors).length > 0 || !startWall || !endWallSameDay) return { errors };
  const overnight = values.to <= values.from;
  const endWall = overnight ? wallFrom(addDays(values.date, 1), values.to)! : endWallSameDay;
  return {
    body: {
      title: values.title,
      practitionerId: values.practitionerId || null,
      who: values.who.trim() || null,
      notes: values.notes.trim() || null,
      start: instantOf(startWall, timeZone).toISOString(),
      end: instantOf(endWall, timeZone).toISOString(),
      ...(withRecurrence ? { recurrence } : {}),
    },
  };
}

/** The server's field paths as the form's fields. */
export const taskFieldOf = (path: string): string | null => {
  const [first, second] = path.split('.');
  if (first === 'recurrence') return second === 'until' ? 'until' : second === 'count' ? 'count' : second === 'byDay' ? 'byDay' : second === 'interval' ? 'interval' : 'repeat';
  return first ?? null;
};

type TaskFormProps = {
  initial: TaskFormValues;
  /** Whether the repeat fields are offered (not for one occurrence of a series). */
  recurrence: boolean;
  timeZone: string;
  submitLabel: string;
  pending: boolean;
  failure: string | null;
  serverErrors: Record<string, string>;
  /** Above everything (an edit conflict). */
  notice?: ReactNode;
  /** Above the fields (the "this occurrence / the series" choice). */
  before?: ReactNode;
  /** Focus the first field when the form appears (a form reset to the saved version). */
  focusFirstField?: boolean;
  /** Beside Save (delete). */
  extraActions?: ReactNode;
  /** Saves; its promise ends when the save has (a refused one then focuses the first field to mend). */
  onSubmit(body: TaskBody): unknown;
  onCancel(): void;
};

export function TaskForm({ initial, recurrence, timeZone, submitLabel, pending, failure, serverErrors, notice, before, focusFirstField = false, extraActions, onSubmit, onCancel }: TaskFormProps) {
  const practitioners = usePractitionerOptions();
  const [values, setValues] = useState(initial);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const errors = { ...serverErrors, ...localErrors };
  const set = (change: Partial<TaskFormValues>) => setValues((prev) => ({ ...prev, ...change }));
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusFirstField) firstField.current?.focus();
    // Only when the form appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const handleSubmit = () => {
    const result = taskBody(values, timeZone, recurrence);
    if ('errors' in result) return setLocalErrors(result.errors);
    setLocalErrors({});
    return onSubmit(result.body);
  };

  return (
    <Form onSubmit={handleSubmit} className="flex flex-col gap-4">
      {notice}
      {before}
      <Field label="Title" error={errors.title} required>
        {(control) => <Input {...control} ref={firstField} value={values.title} onChange={(e) => set({ title: e.target.value })} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Practitioner" error={errors.practitionerId}>
          {(control) => (
            <select {...control} className={controlClass} value={values.practitionerId} onChange={(e) => set({ practitionerId: e.target.value })}>
              <option value="">None</option>
              {practitioners.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Who (when not a practitioner)" error={errors.who}>
          {(control) => <Input {...control} value={values.who} onChange={(e) => set({ who: e.target.value })} />}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Date" error={errors.start} required>
          {(control) => <Input {...control} type="date" value={values.date} onChange={(e) => setValues((prev) => withDate(prev, e.target.value))} />}
        </Field>
        <Field label="Start time" required>
          {(control) => <Input {...control} type="time" value={values.from} onChange={(e) => set({ from: e.target.value })} />}
        </Field>
        <Field label="End time" error={errors.end} hint="An end before the start is the next day." required>
          {(control) => <Input {...control} type="time" value={values.to} onChange={(e) => set({ to: e.target.value })} />}
        </Field>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">Times are in the practice's time zone, {timeZone}.</p>
      {recurrence ? (
        <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium">Repeat</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Repeats" error={errors.repeat}>
              {(control) => (
                <select {...control} className={controlClass} value={values.repeat} onChange={(e) => set({ repeat: e.target.value as TaskFormValues['repeat'] })}>
                  <option value="">Does not repeat</option>
                  <option value="DAILY">Daily</option>
                  <option value="WEEKLY">Weekly</option>
                </select>
              )}
            </Field>
            {values.repeat ? (
              <Field label={values.repeat === 'DAILY' ? 'Every (days)' : 'Every (weeks)'} error={errors.interval}>
                {(control) => <Input {...control} type="number" min={1} max={52} value={values.interval} onChange={(e) => set({ interval: e.target.value })} />}
              </Field>
            ) : null}
          </div>
          {values.repeat === 'WEEKLY' ? (
            <fieldset aria-describedby={errors.byDay ? 'task-byday-error' : undefined}>
              <legend className="text-sm font-medium">On</legend>
              <div className="mt-1 flex flex-wrap gap-3">
                {weekdays.map((d) => (
                  <label key={d} className="inline-flex items-center gap-1.5 text-sm">
                    <input
                      type="checkbox"
                      checked={values.byDay.includes(d)}
                      onChange={(e) => set({ byDay: e.target.checked ? [...values.byDay, d] : values.byDay.filter((x) => x !== d) })}
                    />
                    {weekdayNames[d]}
                  </label>
                ))}
              </div>
              {errors.byDay ? (
                <p id="task-byday-error" className="text-sm text-red-700 dark:text-red-400">
                  {errors.byDay}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          {values.repeat ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Ends">
                {(control) => (
                  <select {...control} className={controlClass} value={values.ends} onChange={(e) => set({ ends: e.target.value as TaskFormValues['ends'] })}>
                    <option value="never">Never</option>
                    <option value="until">On a date</option>
                    <option value="count">After a number of times</option>
                  </select>
                )}
              </Field>
              {values.ends === 'until' ? (
                <Field label="Until" error={errors.until} required>
                  {(control) => <Input {...control} type="date" value={values.until} onChange={(e) => set({ until: e.target.value })} />}
                </Field>
              ) : values.ends === 'count' ? (
                <Field label="Times" error={errors.count} required>
                  {(control) => <Input {...control} type="number" min={1} max={730} value={values.count} onChange={(e) => set({ count: e.target.value })} />}
                </Field>
              ) : null}
            </div>
          ) : null}
        </fieldset>
      ) : null}
      <Field label="Notes" error={errors.notes}>
        {(control) => <Textarea {...control} value={values.notes} onChange={(e) => set({ notes: e.target.value })} />}
      </Field>
      <FormError>{failure}</FormError>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={pending}>
          {submitLabel}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        {extraActions}
      </div>
    </Form>
  );
}
