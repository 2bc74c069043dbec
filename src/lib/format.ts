import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { preferencesAtom } from '../state/preferences.ts';

/** Formats dates and times in the user's chosen locale and time zone (Languages & Region). */
export function useDateTimeFormat() {
  const { locale, timeZone } = useAtomValue(preferencesAtom);
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale ?? undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: timeZone ?? undefined,
    });
    return (value: string | Date) => format.format(typeof value === 'string' ? new Date(value) : value);
  }, [locale, timeZone]);
}
