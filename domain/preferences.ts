import * as v from 'valibot';
import { messages } from './messages.ts';
import { text } from './text.ts';

export const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];

/** Longer than any language tag or IANA zone name in use. */
const maxSettingLength = 100;

function isLocale(value: string) {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

function isTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A user's own display settings (User Settings, Languages & Region); null = the browser's. */
export const preferencesSchema = v.object({
  theme: v.fallback(v.picklist(themes), 'system'),
  locale: v.fallback(v.nullable(v.pipe(text(maxSettingLength, messages.localeInvalid), v.check(isLocale, messages.localeInvalid))), null),
  timeZone: v.fallback(v.nullable(v.pipe(text(maxSettingLength, messages.timeZoneInvalid), v.check(isTimeZone, messages.timeZoneInvalid))), null),
});
export type Preferences = v.InferOutput<typeof preferencesSchema>;

/** What PATCH accepts: any subset, each value checked strictly (no silent fallback). */
export const preferencesPatchSchema = v.object({
  theme: v.optional(v.picklist(themes, messages.themeInvalid)),
  locale: v.optional(v.nullable(v.pipe(text(maxSettingLength, messages.localeInvalid, messages.localeInvalid), v.check(isLocale, messages.localeInvalid)))),
  timeZone: v.optional(v.nullable(v.pipe(text(maxSettingLength, messages.timeZoneInvalid, messages.timeZoneInvalid), v.check(isTimeZone, messages.timeZoneInvalid)))),
});

export const defaultPreferences: Preferences = { theme: 'system', locale: null, timeZone: null };
