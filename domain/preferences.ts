import * as v from 'valibot';

export const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];

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
  locale: v.fallback(v.nullable(v.pipe(v.string(), v.check(isLocale, 'locale is not a valid language tag'))), null),
  timeZone: v.fallback(v.nullable(v.pipe(v.string(), v.check(isTimeZone, 'timeZone is not a known time zone'))), null),
});
export type Preferences = v.InferOutput<typeof preferencesSchema>;

/** What PATCH accepts: any subset, each value checked strictly (no silent fallback). */
export const preferencesPatchSchema = v.object({
  theme: v.optional(v.picklist(themes, 'theme must be light, dark or system')),
  locale: v.optional(v.nullable(v.pipe(v.string(), v.check(isLocale, 'locale is not a valid language tag')))),
  timeZone: v.optional(v.nullable(v.pipe(v.string(), v.check(isTimeZone, 'timeZone is not a known time zone')))),
});

export const defaultPreferences: Preferences = { theme: 'system', locale: null, timeZone: null };
