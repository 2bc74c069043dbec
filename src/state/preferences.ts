import { atomWithStorage } from 'jotai/utils';

export type Theme = 'light' | 'dark' | 'system';
export type Preferences = { theme: Theme; locale: string | null; timeZone: string | null };

/** The user's display preferences; null locale/time zone mean "as the browser says". */
export const preferencesAtom = atomWithStorage<Preferences>(
  'astera.preferences',
  { theme: 'system', locale: null, timeZone: null },
  undefined,
  { getOnInit: true },
);
