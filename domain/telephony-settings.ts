/**
 * A practice's telephony settings (issue 42, "Per-practice numbers"; the screen is ours: spec §2
 * "not shown"). Which of its Twilio numbers the platform calls and texts patients from, and the
 * defaults of a masked call link's limits. Kept in the account's `config`: `telephony` and
 * `callMasking` (`maskingSettingsOf` reads the latter), so the account form's save, which replaces
 * only the sections it sends, leaves them alone.
 */
import * as v from 'valibot';
import { maskingBounds, maskingMessages, type MaskingSettings } from './masking.ts';

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
};

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
});

export type TelephonySettingsPatch = v.InferOutput<typeof telephonySettingsPatchSchema>;

/** The chosen calling number in an account's config (`config.telephony.callerContactPointId`), or null. */
export function callerContactPointIdOf(config: Record<string, unknown>): string | null {
  const telephony = config.telephony as { callerContactPointId?: unknown } | undefined;
  return typeof telephony?.callerContactPointId === 'string' ? telephony.callerContactPointId : null;
}
