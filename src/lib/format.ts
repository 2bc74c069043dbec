import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { store } from '../state/account.ts';
import { preferencesAtom } from '../state/preferences.ts';

/** Formats dates and times in the user's chosen locale and time zone (Languages & Region). */
export function useDateTimeFormat() {
  const { locale, timeZone } = useAtomValue(preferencesAtom);
  return useMemo(() => {
    const format = dateTimeFormat(locale, timeZone);
    return (value: string | Date) => format.format(typeof value === 'string' ? new Date(value) : value);
  }, [locale, timeZone]);
}

/** The user's chosen locale (Languages & Region), null for the browser's: for formatters that take it. */
export function useLocale(): string | null {
  return useAtomValue(preferencesAtom).locale ?? null;
}

/** The kept `Intl.DateTimeFormat` behind `useDateTimeFormat`, for a caller that lays out its parts (`formatToParts`). */
export function useDateTimeFormatter() {
  const { locale, timeZone } = useAtomValue(preferencesAtom);
  return useMemo(() => dateTimeFormat(locale, timeZone), [locale, timeZone]);
}

/** Times of day (a live figure's "updated at") in the user's chosen locale and time zone, to the second. */
export function useTimeFormat() {
  const { locale, timeZone } = useAtomValue(preferencesAtom);
  return useMemo(() => {
    const format = kept(locale, { timeStyle: 'medium', timeZone: timeZone ?? undefined });
    return (value: string | Date) => format.format(typeof value === 'string' ? new Date(value) : value);
  }, [locale, timeZone]);
}

/**
 * Formatters kept, one per locale and options. Making one is the costly part: a page's first
 * `Intl` object loads ICU's data (20–30 ms on a desktop, over 100 ms on Lighthouse's phone), which
 * ran inside the render of the first screen that shows a date; and `toLocaleDateString` with
 * options makes a new one on every call (a chart's 30 day labels: 10 ms).
 */
const formats = new Map<string, Intl.DateTimeFormat>();
export function kept(locale: string | null | undefined, options: Intl.DateTimeFormatOptions) {
  const key = JSON.stringify([locale ?? '', options]);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale ?? undefined, options);
    formats.set(key, format);
  }
  return format;
}
function dateTimeFormat(locale: string | null | undefined, timeZone: string | null | undefined) {
  return kept(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: timeZone ?? undefined });
}

/**
 * A calendar day (`YYYY-MM-DD`) as a chart's axis names it: "Nov 27", in the given locale (the
 * user's, from `useShortDayFormat`; the browser's when none). The day is the one named, in no
 * time zone: a figure counted on the server's (UTC) day keeps its day.
 */
export function shortDay(date: string, locale?: string | null): string {
  return kept(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** `shortDay` in the user's chosen locale (Languages & Region). */
export function useShortDayFormat() {
  const { locale } = useAtomValue(preferencesAtom);
  return useMemo(() => (date: string) => shortDay(date, locale), [locale]);
}

/** A calendar day (`YYYY-MM-DD`) in full, in the user's chosen locale: "Nov 7, 2026" (the day named, in no time zone). */
export function useDayFormat() {
  const { locale } = useAtomValue(preferencesAtom);
  return useMemo(() => {
    const format = kept(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    return (date: string) => format.format(new Date(`${date}T00:00:00Z`));
  }, [locale]);
}

const northAmerican = /\+1(\d{3})(\d{3})(\d{4})(?!\d)/g;
/** An E.164 number of the North American plan as people write it (+14155550114 → (415) 555-0114); others as stored. */
export function phoneLabel(number: string | null | undefined): string {
  if (!number) return '—';
  return /^\+1\d{10}$/.test(number) ? phoneNumbersIn(number) : number;
}
/** A text (a search hit's title or note) with each North American E.164 number in it written as `phoneLabel` writes it. */
export function phoneNumbersIn(text: string): string {
  return text.replace(northAmerican, '($1) $2-$3');
}

let collator: Intl.Collator | undefined;
/**
 * Names people gave (a queue's, an account's) in the browser language's order, through one
 * collator kept: ICU's collation data loads once, ahead of the screen when a loader asks
 * (`prepareDateTimeFormat`), not inside a render that sorts (20 ms for 30 names on a desktop).
 */
export function compareNames(a: string, b: string): number {
  collator ??= new Intl.Collator();
  return collator.compare(a, b);
}

/**
 * Makes the user's formatter ahead, for a screen about to show dates whose data is still on its
 * way (home's loader): ICU's data then loads while the page waits for the network, not inside the
 * screen's render. In three tasks, none long: a collator, a number format, then the date format
 * (ICU's common data, the numbers', then the calendar's and time zone's). The date format alone was
 * one task of 20–40 ms on this machine, which Lighthouse's phone counts four times over (issue 25).
 */
export function prepareDateTimeFormat() {
  const steps = [
    () => compareNames('a', 'b'),
    () => new Intl.NumberFormat().format(1),
    () => {
      const { locale, timeZone } = store.get(preferencesAtom);
      dateTimeFormat(locale, timeZone);
    },
  ];
  const next = () => {
    steps.shift()?.();
    if (steps.length > 0) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
