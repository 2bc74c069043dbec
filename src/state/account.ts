import { replaceEqualDeep } from '@tanstack/react-query';
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

const currentPolicyAtom = atom<AccessPolicy | null>(null);

/**
 * The access policy of the current account, once loaded (menus wait for it, spec §2). A policy
 * equal to the one held keeps the one held (and every part of it that did not change keeps its
 * identity), so a policy read again with the same grants re-renders nothing.
 */
export const policyAtom = atom(
  (get) => get(currentPolicyAtom),
  (get, set, next: AccessPolicy | null) => set(currentPolicyAtom, replaceEqualDeep(get(currentPolicyAtom), next)),
);

/**
 * The API said the user's own account was deactivated (issue 11): the shell shows its page instead
 * of the screens, whose every request would now be refused.
 */
export const accountInactiveAtom = atom(false);
