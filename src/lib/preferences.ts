import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Preferences } from '../../domain/preferences.ts';
import { store } from '../state/account.ts';
import { preferencesAtom } from '../state/preferences.ts';
import { request } from './api.ts';
import { useFirstScreenPainted } from './after-paint.ts';

/**
 * The user's preferences live on the server (they follow the user to any browser); the atom is
 * the local copy that renders at once and is replaced by the server's answer after sign-in.
 */
export function useServerPreferences() {
  const painted = useFirstScreenPainted();
  const answer = useQuery({ queryKey: ['me', 'preferences'], queryFn: () => request<Preferences>('/me/preferences'), staleTime: Infinity, enabled: painted });
  useEffect(() => {
    if (answer.data) store.set(preferencesAtom, answer.data);
  }, [answer.data]);
}

export async function updatePreferences(patch: Partial<Preferences>): Promise<void> {
  const previous = store.get(preferencesAtom);
  store.set(preferencesAtom, { ...previous, ...patch });
  try {
    store.set(preferencesAtom, await request<Preferences>('/me/preferences', { method: 'PATCH', body: patch }));
  } catch (error) {
    store.set(preferencesAtom, previous);
    throw error;
  }
}
