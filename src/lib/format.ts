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

/**
 * One formatter per locale and time zone, kept. Making one is the costly part: a page's first
 * `Intl` object loads ICU's data (20–30 ms on a desktop, over 100 ms on Lighthouse's phone), which
 * ran inside the render of the first screen that shows a date.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(locale: string | null | undefined, timeZone: string | null | undefined) {
  const key = `${locale ?? ''} ${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale ?? undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: timeZone ?? undefined });
    formats.set(key, format);
  }
  return format;
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
    () => new Intl.Collator().compare('a', 'b'),
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
