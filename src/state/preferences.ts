import { atomWithStorage } from 'jotai/utils';

import type { Preferences } from '../../domain/preferences.ts';

export type { Preferences, Theme } from '../../domain/preferences.ts';

/** The user's display preferences; null locale/time zone mean "as the browser says". */
export const preferencesAtom = atomWithStorage<Preferences>(
  'astera.preferences',
  { theme: 'system', locale: null, timeZone: null },
  undefined,
  { getOnInit: true },
);
