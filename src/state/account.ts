import { atom, createStore } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { AccessPolicy } from '../../domain/api.ts';

/** The one store the app and non-React code (the API client) share. */
export const store = createStore();

/**
 * The account the user is acting in (spec §4 Ghost Mode: kept in local storage). `null` means
 * the user's own account.
 */
export const selectedAccountIdAtom = atomWithStorage<string | null>('astera.selectedAccount', null, undefined, {
  getOnInit: true,
});

/** The access policy of the current account, once loaded (menus wait for it, spec §2). */
export const policyAtom = atom<AccessPolicy | null>(null);

/**
 * The API said the user's own account was deactivated (issue 11): the shell shows its page instead
 * of the screens, whose every request would now be refused.
 */
export const accountInactiveAtom = atom(false);
