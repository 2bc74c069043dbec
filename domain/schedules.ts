/**
 * Schedules (issue #9; spec §2 routes, §7 calls; the layout is ours): a named calendar of the
 * practice, optionally for a practitioner, location or queue, whose tasks are time blocks that
 * may recur. Times are instants (ISO 8601 with an offset) and recur by the wall clock of the
 * account's time zone, so a weekly 09:00 stays at 09:00 across daylight-saving changes.
 * Shared by the API (validation, time-zone arithmetic) and the SPA (forms, week view).
 */
import * as v from 'valibot';
import { listQuerySchema } from './list-query.ts';
import { dateOrDateTime, expectedVersion, rangeEnd, rangeStart, type CommonFields } from './records.ts';
import { requiredMessage, tooLongMessage } from './fields.ts';
import { messages } from './messages.ts';
import { requiredText, text } from './text.ts';
import { isLocalDate, scheduleSortColumns, type ScheduleSort } from './schedule-search.ts';

export { isLocalDate, scheduleSortColumns, type ScheduleSort };

/** The user-facing texts of schedules (ours: the spec shows none). */
export const scheduleMessages = {
  nameRequired: 'name must be more than 1 characters',
  titleRequired: 'Title must be more than 1 characters',
  ownerTypeInvalid: 'For must be Practitioner, Location or Queue',
  ownerIdRequired: 'Choose who or what the schedule is for',
  ownerIdInvalid: 'The practitioner, location or queue the schedule is for must be given by its id',
  ownerPractitionerUnknown: 'No practitioner with this id in this account',
  ownerLocationUnknown: 'No location with this id in this account',
  occurrenceChangedMeanwhile: 'This occurrence was changed again since; that change stands',
  practitionerUnknown: 'No practitioner with this id in this account',
  practitionerIdInvalid: 'Practitioner must be a practitioner’s id',
  startRequired: 'Start must be a date and time',
  endRequired: 'End must be a date and time',
  endBeforeStart: 'End must be after start',
  tooLong: 'A task may last at most 7 days',
  freqInvalid: 'Repeat must be DAILY or WEEKLY',
  intervalInvalid: 'Every must be a whole number from 1 to 52',
  byDayInvalid: 'Days must be SU, MO, TU, WE, TH, FR or SA',
  byDayRequired: 'Choose at least one day',
  untilInvalid: 'Until must be a date (YYYY-MM-DD)',
  untilBeforeStart: 'Until must not be before the start date',
  countInvalid: 'Count must be a whole number from 1 to 730',
  untilAndCount: 'Choose an end date or a number of occurrences, not both',
  occurrenceRequired: 'Occurrence is required to edit one occurrence of a recurring task',
  occurrenceUnknown: 'The series has no occurrence at this time',
  exceptionNotRecurring: 'One occurrence of a series cannot repeat itself',
  rangeRequired: 'From and to must be dates or dates and times',
  rangeOrder: 'To must be after from',
  rangeTooLong: 'From and to may be at most 366 days apart',
  created: (name: string) => `Successfully Added Schedule “${name}”`,
} as const;

export const scheduleLimits = { name: 200, description: 2000, title: 200, who: 200, notes: 2000, ownerId: 200, maxTaskDays: 7, maxRangeDays: 366, interval: 52, count: 730 } as const;

export const scheduleOwnerTypes = ['Practitioner', 'Location', 'Queue'] as const;
export type ScheduleOwnerType = (typeof scheduleOwnerTypes)[number];

/** RFC 5545 weekday codes, in the order of `Date.getUTCDay()` (Sunday first, as US calendars show weeks). */
export const weekdays = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
export type Weekday = (typeof weekdays)[number];
export const weekdayNames: Record<Weekday, string> = { SU: 'Sunday', MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday' };

export const recurrenceFrequencies = ['DAILY', 'WEEKLY'] as const;
export type RecurrenceFrequency = (typeof recurrenceFrequencies)[number];

/** How a task repeats: every `interval` days or weeks (weekly on `byDay`), until a local date (inclusive) or `count` times, or for ever. */
export type Recurrence = {
  freq: RecurrenceFrequency;
  interval: number;
  byDay: Weekday[];
  until: string | null;
  count: number | null;
};

/** The account's time zone when it has none set (the practices are in the US). */
export const defaultTimeZone = 'America/New_York';

// ---------------------------------------------------------------------------------------------
// Wall clock ⇄ instant in a time zone (Intl only: no Node API, so the SPA shares it).

/** A local date and time: month 1–12. */
export type Wall = { year: number; month: number; day: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at an instant. */
export function wallOf(instant: Date | number, timeZone: string): Wall {
  const parts = formatterOf(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour') % 24, minute: part('minute') };
}

/** The wall clock as if it were UTC ("floating" time): what recurrence rules count in. */
export const floating = (w: Wall): number => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
export const wallOfFloating = (ms: number): Wall => {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes() };
};

/** The zone's offset from UTC at an instant, in ms (New York in winter: −5 h). */
const offsetAt = (instant: number, timeZone: string) => floating(wallOf(instant, timeZone)) - Math.floor(instant / 60_000) * 60_000;

/**
 * The instant of a wall-clock time in `timeZone`. A time that happens twice (the hour repeated
 * when clocks go back) is the first; a time that does not happen (skipped when clocks go
 * forward) is read with the offset before the change (02:30 becomes 03:30).
 */
export function instantOf(w: Wall, timeZone: string): Date {
  const guess = floating(w);
  const first = guess - offsetAt(guess, timeZone);
  const candidates = [first, guess - offsetAt(first, timeZone)].sort((a, b) => a - b);
  const exact = candidates.find((t) => floating(wallOf(t, timeZone)) === guess);
  return new Date(exact ?? guess - offsetAt(guess - 86_400_000, timeZone));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** 'YYYY-MM-DD' of a wall clock. */
export const dateOf = (w: Pick<Wall, 'year' | 'month' | 'day'>) => `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
/** 'HH:mm' of a wall clock. */
export const timeOf = (w: Pick<Wall, 'hour' | 'minute'>) => `${pad(w.hour)}:${pad(w.minute)}`;

const timePattern = /^(\d{2}):(\d{2})$/;

/** The wall clock of a local date and time ('2026-03-09', '09:00'), or null when either is not one. */
export function wallFrom(date: string, time: string): Wall | null {
  const t = timePattern.exec(time);
  if (!isLocalDate(date) || !t) return null;
  const [hour, minute] = [Number(t[1]), Number(t[2])];
  if (hour > 23 || minute > 59) return null;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day, hour, minute };
}

/** A local date moved by whole days ('2026-03-07' + 1 → '2026-03-08'). */
export const addDays = (date: string, days: number): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return dateOf(wallOfFloating(Date.UTC(y, m - 1, d + days)));
};

/** The weekday of a local date. */
export const weekdayOf = (date: string): Weekday => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return weekdays[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
};

/** The Sunday starting the week of a local date. */
export const weekStartOf = (date: string): string => addDays(date, -weekdays.indexOf(weekdayOf(date)));

/** Today's local date in `timeZone`. */
export const todayIn = (timeZone: string, now: Date = new Date()) => dateOf(wallOf(now, timeZone));

/** The instants bounding a local week (Sunday 00:00 to the next Sunday 00:00) in `timeZone`. */
export function weekRange(weekStart: string, timeZone: string): { from: Date; to: Date } {
  const at = (date: string) => instantOf(wallFrom(date, '00:00')!, timeZone);
  return { from: at(weekStart), to: at(addDays(weekStart, 7)) };
}

/** "Weekly on Mon, Wed · until 2026-06-30" */
export function describeRecurrence(r: Recurrence | null): string {
  if (!r) return 'Does not repeat';
  const unit = r.freq === 'DAILY' ? 'day' : 'week';
  const every = r.interval === 1 ? (r.freq === 'DAILY' ? 'Daily' : 'Weekly') : `Every ${r.interval} ${unit}s`;
  const days = r.freq === 'WEEKLY' && r.byDay.length > 0 ? ` on ${r.byDay.map((d) => weekdayNames[d].slice(0, 3)).join(', ')}` : '';
  const end = r.until ? ` · until ${r.until}` : r.count ? ` · ${r.count} times` : '';
  return `${every}${days}${end}`;
}

// ---------------------------------------------------------------------------------------------
// Request schemas.

const uuid = (message: string) => v.pipe(v.string(message), v.uuid(message), v.toLowerCase());
const optionalText = (max: number, tooLong: string) =>
  v.optional(v.nullable(v.pipe(text(max, tooLong), v.transform((s) => (s === '' ? null : s)))));

/** An instant with its offset ('2026-03-09T09:00:00-04:00' or '…Z'), as a Date. */
const instant = (message: string) =>
  v.pipe(
    v.string(message),
    v.maxLength(40, message),
    v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/, message),
    v.transform((s) => new Date(s)),
    v.check((d) => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 1900 && d.getUTCFullYear() <= 2200, message),
  );

const missing: Record<string, string> = {
  name: scheduleMessages.nameRequired,
  title: scheduleMessages.titleRequired,
  start: scheduleMessages.startRequired,
  end: scheduleMessages.endRequired,
  id: messages.notFound,
  from: scheduleMessages.rangeRequired,
  to: scheduleMessages.rangeRequired,
};
const object = <const E extends v.ObjectEntries>(entries: E) =>
  v.object(entries, (issue) => {
    const key = issue.path?.[issue.path.length - 1]?.key;
    if (typeof key !== 'string') return messages.objectExpected;
    return missing[key] ?? requiredMessage(key);
  });

const nameField = requiredText(scheduleLimits.name, scheduleMessages.nameRequired, tooLongMessage('name', scheduleLimits.name));
const ownerTypeField = v.nullable(v.picklist(scheduleOwnerTypes, scheduleMessages.ownerTypeInvalid));
const ownerIdField = v.nullable(v.pipe(text(scheduleLimits.ownerId, scheduleMessages.ownerIdInvalid, scheduleMessages.ownerIdInvalid), v.toLowerCase()));

/** A schedule is for something (type and id) or for nothing: both or neither (a PATCH sending neither leaves them). */
const ownerPaired = (s: { ownerType?: ScheduleOwnerType | null; ownerId?: string | null }) =>
  (s.ownerType === undefined && s.ownerId === undefined) || Boolean(s.ownerType) === Boolean(s.ownerId);

/** `POST /schedule/schedule`. */
export const scheduleCreateSchema = v.pipe(
  object({
    name: nameField,
    description: optionalText(scheduleLimits.description, tooLongMessage('description', scheduleLimits.description)),
    ownerType: v.optional(ownerTypeField, null),
    ownerId: v.optional(ownerIdField, null),
  }),
  v.forward(v.check((s) => ownerPaired(s), scheduleMessages.ownerIdRequired), ['ownerId']),
);
export type ScheduleCreate = v.InferInput<typeof scheduleCreateSchema>;

/** `PATCH /schedule/schedule` (spec §7: the id travels in the body). */
export const schedulePatchSchema = v.pipe(
  object({
    id: uuid(messages.notFound),
    version: expectedVersion,
    name: v.optional(nameField),
    description: optionalText(scheduleLimits.description, tooLongMessage('description', scheduleLimits.description)),
    ownerType: v.optional(ownerTypeField),
    ownerId: v.optional(ownerIdField),
  }),
  v.forward(v.check((s) => ownerPaired(s), scheduleMessages.ownerIdRequired), ['ownerId']),
);
export type SchedulePatch = v.InferInput<typeof schedulePatchSchema>;

export const scheduleListQuerySchema = listQuerySchema(scheduleSortColumns);

const recurrenceSchema = v.pipe(
  object({
    freq: v.picklist(recurrenceFrequencies, scheduleMessages.freqInvalid),
    interval: v.optional(
      v.pipe(v.number(scheduleMessages.intervalInvalid), v.integer(scheduleMessages.intervalInvalid), v.minValue(1, scheduleMessages.intervalInvalid), v.maxValue(scheduleLimits.interval, scheduleMessages.intervalInvalid)),
      1,
    ),
    byDay: v.optional(
      v.pipe(
        v.array(v.picklist(weekdays, scheduleMessages.byDayInvalid), scheduleMessages.byDayInvalid),
        v.maxLength(50, scheduleMessages.byDayInvalid),
        v.transform((days) => weekdays.filter((d) => days.includes(d))),
      ),
      () => [],
    ),
    until: v.optional(v.nullable(v.pipe(v.string(scheduleMessages.untilInvalid), v.check(isLocalDate, scheduleMessages.untilInvalid))), null),
    count: v.optional(
      v.nullable(v.pipe(v.number(scheduleMessages.countInvalid), v.integer(scheduleMessages.countInvalid), v.minValue(1, scheduleMessages.countInvalid), v.maxValue(scheduleLimits.count, scheduleMessages.countInvalid))),
      null,
    ),
  }),
  v.forward(v.check((r) => r.until === null || r.count === null, scheduleMessages.untilAndCount), ['count']),
  v.forward(v.check((r) => r.freq !== 'WEEKLY' || r.byDay.length > 0, scheduleMessages.byDayRequired), ['byDay']),
  v.transform((r): Recurrence => ({ ...r, byDay: r.freq === 'WEEKLY' ? r.byDay : [] })),
);

const taskFields = {
  title: requiredText(scheduleLimits.title, scheduleMessages.titleRequired, tooLongMessage('title', scheduleLimits.title)),
  practitionerId: v.optional(v.nullable(uuid(scheduleMessages.practitionerIdInvalid))),
  who: optionalText(scheduleLimits.who, tooLongMessage('who', scheduleLimits.who)),
  start: instant(scheduleMessages.startRequired),
  end: instant(scheduleMessages.endRequired),
  notes: optionalText(scheduleLimits.notes, tooLongMessage('notes', scheduleLimits.notes)),
  recurrence: v.optional(v.nullable(recurrenceSchema)),
};

/** End after start, at most 7 days later (checked once both are known: on PATCH, with the stored ones). */
export function timesProblem(start: Date, end: Date): Record<string, string> | null {
  if (end.getTime() <= start.getTime()) return { end: scheduleMessages.endBeforeStart };
  if (end.getTime() - start.getTime() > scheduleLimits.maxTaskDays * 86_400_000) return { end: scheduleMessages.tooLong };
  return null;
}

/** `POST /schedule/schedule/{scheduleId}/task`. */
export const taskCreateSchema = v.pipe(
  object(taskFields),
  v.forward(v.check((t) => t.end.getTime() > t.start.getTime(), scheduleMessages.endBeforeStart), ['end']),
  v.forward(v.check((t) => timesProblem(t.start, t.end) === null, scheduleMessages.tooLong), ['end']),
);
export type TaskCreate = v.InferInput<typeof taskCreateSchema>;

/**
 * `PATCH /schedule/schedule/{scheduleId}/task/{id}`. On a recurring task `isRecurring: false` with
 * `occurrence` (the instant the task list gave that occurrence) edits that one occurrence: it
 * becomes an exception, a task of its own whose `parentId` is the series, and the series skips
 * that day. Otherwise (`isRecurring` true or absent) the series itself changes: every occurrence
 * but the exceptions.
 */
export const taskPatchSchema = object({
  version: expectedVersion,
  isRecurring: v.optional(v.boolean('isRecurring must be true or false')),
  occurrence: v.optional(instant(scheduleMessages.occurrenceRequired)),
  parentId: v.optional(v.nullable(uuid(messages.notFound))),
  title: v.optional(taskFields.title),
  practitionerId: taskFields.practitionerId,
  who: taskFields.who,
  start: v.optional(taskFields.start),
  end: v.optional(taskFields.end),
  notes: taskFields.notes,
  recurrence: taskFields.recurrence,
});
export type TaskPatch = Omit<v.InferInput<typeof taskPatchSchema>, 'start' | 'end' | 'occurrence'> & { start?: string; end?: string; occurrence?: string };

/** `DELETE …/task/{id}?isRecurring=false&occurrence=…`: one occurrence of a series; otherwise the task (a series with its exceptions). */
export const taskDeleteQuerySchema = v.object({
  isRecurring: v.optional(v.picklist(['true', 'false'], 'isRecurring must be true or false'), 'true'),
  occurrence: v.optional(instant(scheduleMessages.occurrenceRequired)),
});

/**
 * `POST …/task/{id}/restore[?occurrence=…]`: undoes a task's delete (a series with the exceptions
 * deleted with it), or with `occurrence` the delete of that one occurrence of a series.
 */
export const taskRestoreQuerySchema = v.object({
  occurrence: v.optional(instant(scheduleMessages.occurrenceRequired)),
});

/** `GET …/task?from=…&to=…`: the occurrences overlapping [from, to), at most 366 days. */
export const taskRangeQuerySchema = v.pipe(
  object({
    // An instant, or a day (issue 44: UTC; `from` at its start, `to` including it).
    from: v.union([instant(scheduleMessages.rangeRequired), v.pipe(dateOrDateTime(scheduleMessages.rangeRequired), v.transform(rangeStart))], scheduleMessages.rangeRequired),
    to: v.union([instant(scheduleMessages.rangeRequired), v.pipe(dateOrDateTime(scheduleMessages.rangeRequired), v.transform(rangeEnd))], scheduleMessages.rangeRequired),
  }),
  v.forward(v.check((r) => r.to.getTime() > r.from.getTime(), scheduleMessages.rangeOrder), ['to']),
  v.forward(v.check((r) => r.to.getTime() - r.from.getTime() <= scheduleLimits.maxRangeDays * 86_400_000, scheduleMessages.rangeTooLong), ['to']),
);

// ---------------------------------------------------------------------------------------------
// Answers.

export type Schedule = CommonFields & {
  resourceType: 'Schedule';
  name: string;
  description: string | null;
  ownerType: ScheduleOwnerType | null;
  ownerId: string | null;
  /** The practitioner's name when the schedule is a practitioner's. */
  ownerName: string | null;
  /** The account's time zone: tasks recur by its wall clock. */
  timeZone: string;
};
export type ScheduleListItem = Pick<Schedule, 'id' | 'name' | 'description' | 'ownerType' | 'ownerId' | 'ownerName'>;
export type ScheduleList = { items: ScheduleListItem[]; total: number; limit: number; offset: number };

export type ScheduleTask = CommonFields & {
  resourceType: 'ScheduleTask';
  scheduleId: string;
  title: string;
  practitionerId: string | null;
  practitionerName: string | null;
  /** Free text when the block is not a practitioner's ("Answering service"). */
  who: string | null;
  /** The first occurrence (of a series), or the block itself. */
  start: string;
  end: string;
  notes: string | null;
  recurrence: Recurrence | null;
  /** A series (has a recurrence). */
  isRecurring: boolean;
  /** The series this task is an exception of. */
  parentId: string | null;
  /** The local date of the series' occurrence an exception replaces. */
  occurrenceDate: string | null;
  /** Local dates the series skips (occurrences edited into exceptions or deleted). */
  exdates: string[];
};

/** One occurrence in a task list: a task on one date (a single task, one of a series, or an exception). */
export type TaskOccurrence = {
  taskId: string;
  /** The instant that names this occurrence (of a series: what PATCH or DELETE with `isRecurring: false` take). */
  occurrence: string;
  start: string;
  end: string;
  title: string;
  practitionerId: string | null;
  practitionerName: string | null;
  who: string | null;
  notes: string | null;
  /** Part of a series (an occurrence of it, not an exception). */
  isRecurring: boolean;
  parentId: string | null;
  recurrence: Recurrence | null;
  version: number;
};
export type TaskOccurrenceList = { items: TaskOccurrence[]; from: string; to: string; timeZone: string };
