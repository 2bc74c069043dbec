/**
 * A practice's telephony settings (issue 42, "Per-practice numbers"; the screen is ours: spec §2
 * "not shown"). Which of its Twilio numbers the platform calls and texts patients from, and the
 * defaults of a masked call link's limits. Kept in the account's `config`: `telephony` and
 * `callMasking` (`maskingSettingsOf` reads the latter), so the account form's save, which replaces
 * only the sections it sends, leaves them alone.
 */
import * as v from 'valibot';
import { defaultCallingHours, legalCallingHours, type CallingHours } from './calling-hours.ts';
import { maskingBounds, maskingMessages, type MaskingSettings } from './masking.ts';
import { isoDate } from './records.ts';

/** A number the practice can call and text from: a phone or SMS contact point with service provider Twilio. */
export type PracticeNumber = {
  /** The contact point's id (its page: `/practice/contact-points/{id}`). */
  id: string;
  name: string;
  /** E.164. */
  number: string;
  system: 'PHONE' | 'SMS';
  /** A North American number: the only ones the platform calls from (issue 42: domestic only). */
  usable: boolean;
  /** The one calls and texts go from (the chosen one, else the first usable by rank). */
  calling: boolean;
};

export type TelephonySettings = {
  /** The number chosen to call and text from; null: the first usable number by rank. */
  callerContactPointId: string | null;
  numbers: PracticeNumber[];
  /** The limits a new masked call link gets when staff leave them empty. */
  callMasking: MaskingSettings;
  /** The built-in defaults, which a limit set back to empty returns to. */
  builtIn: MaskingSettings;
  /** When the practice's workflows call and text patients, in each patient's own time (issue 43). */
  callingHours: CallingHoursSettings;
};

/** Calling hours as the API and the form say them: 'HH:MM' and local days. */
export type CallingHoursSettings = { start: string; end: string; holidays: string[] };

export const callingHoursMessages = {
  start: 'Calls start at 8:00 at the earliest (the legal limit), as HH:MM',
  end: 'Calls end by 21:00 at the latest (the legal limit), as HH:MM',
  order: 'The end must be after the start',
  holiday: 'Holidays must be dates (YYYY-MM-DD)',
  holidays: 'At most 100 holidays',
} as const;

const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const minuteOf = (time: string) => {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : NaN;
};

const timeWithin = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.check((time) => {
      const minute = minuteOf(time);
      return Number.isInteger(minute) && Number(time.split(':')[1]) < 60 && minute >= legalCallingHours.startMinute && minute <= legalCallingHours.endMinute;
    }, message),
    // '8:00' and '08:00' are one time.
    v.transform((time) => clock(minuteOf(time))),
  );

const callingHoursPatch = v.pipe(
  v.object({
    start: v.optional(timeWithin(callingHoursMessages.start)),
    end: v.optional(timeWithin(callingHoursMessages.end)),
    holidays: v.optional(v.pipe(v.array(isoDate, callingHoursMessages.holiday), v.maxLength(100, callingHoursMessages.holidays))),
  }),
  v.forward(
    v.check((hours) => hours.start === undefined || hours.end === undefined || minuteOf(hours.start) < minuteOf(hours.end), callingHoursMessages.order),
    ['end'],
  ),
);

/** The practice's calling hours in an account's config (`config.telephony.callingHours`), inside the legal 8:00 to 21:00. */
export function callingHoursOf(config: Record<string, unknown>): CallingHours {
  const set = ((config.telephony as { callingHours?: Partial<CallingHoursSettings> } | undefined)?.callingHours ?? {}) as Partial<CallingHoursSettings>;
  const start = typeof set.start === 'string' ? minuteOf(set.start) : NaN;
  const end = typeof set.end === 'string' ? minuteOf(set.end) : NaN;
  return {
    startMinute: Math.max(legalCallingHours.startMinute, Number.isFinite(start) ? start : defaultCallingHours.startMinute),
    endMinute: Math.min(legalCallingHours.endMinute, Number.isFinite(end) ? end : defaultCallingHours.endMinute),
    holidays: Array.isArray(set.holidays) ? set.holidays.filter((day): day is string => typeof day === 'string') : [],
  };
}

/** The same, as the API and the form say it. */
export function callingHoursSettingsOf(config: Record<string, unknown>): CallingHoursSettings {
  const hours = callingHoursOf(config);
  return { start: clock(hours.startMinute), end: clock(hours.endMinute), holidays: [...hours.holidays].sort() };
}

export const maskingSettingKeys = Object.keys(maskingBounds) as (keyof MaskingSettings)[];

/** How the screen and the API's messages name each limit. */
export const maskingSettingLabels: Record<keyof MaskingSettings, { label: string; unit: string }> = {
  expiryHours: { label: 'Expires after (hours)', unit: 'hours' },
  maxCalls: { label: 'Calls allowed', unit: 'calls' },
  callTimeLimitMinutes: { label: 'Call time limit (minutes)', unit: 'minutes' },
  ringTimeoutSeconds: { label: 'Ring time (seconds)', unit: 'seconds' },
  dailyCap: { label: 'Calls per day, all links', unit: 'calls' },
};

export const builtInMaskingSettings = Object.fromEntries(maskingSettingKeys.map((key) => [key, maskingBounds[key].fallback])) as MaskingSettings;

export const telephonySettingsMessages = {
  callerUnknown: "That number is not one of the practice's Twilio numbers in North America",
} as const;

const limit = (key: keyof MaskingSettings) => {
  const { min, max } = maskingBounds[key];
  const message = maskingMessages.boundMessage(maskingSettingLabels[key].label, min, max);
  // null: back to the built-in default.
  return v.optional(v.nullable(v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message))));
};

/** `PATCH /telephony/settings`: each section sent replaces what it names; a limit sent as null returns to its built-in default. */
export const telephonySettingsPatchSchema = v.object({
  callerContactPointId: v.optional(v.nullable(v.pipe(v.string(telephonySettingsMessages.callerUnknown), v.uuid(telephonySettingsMessages.callerUnknown)))),
  callMasking: v.optional(
    v.object(Object.fromEntries(maskingSettingKeys.map((key) => [key, limit(key)])) as { [Key in keyof MaskingSettings]: ReturnType<typeof limit> }, 'callMasking must be an object'),
  ),
  callingHours: v.optional(callingHoursPatch),
});

export type TelephonySettingsPatch = v.InferOutput<typeof telephonySettingsPatchSchema>;

/** The chosen calling number in an account's config (`config.telephony.callerContactPointId`), or null. */
export function callerContactPointIdOf(config: Record<string, unknown>): string | null {
  const telephony = config.telephony as { callerContactPointId?: unknown } | undefined;
  return typeof telephony?.callerContactPointId === 'string' ? telephony.callerContactPointId : null;
}
