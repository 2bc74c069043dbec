import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { selectedAccountIdAtom } from './account.ts';

export type WorkspaceTab = { path: string; title: string };

/** Workspace tabs of every account, kept in local storage so they survive a reload. */
const tabsByAccountAtom = atomWithStorage<Record<string, WorkspaceTab[]>>('astera.tabs', {}, undefined, { getOnInit: true });

/** The tabs of the account being acted in. */
export const tabsAtom = atom(
  (get) => get(tabsByAccountAtom)[get(selectedAccountIdAtom) ?? 'own'] ?? [],
  (get, set, tabs: WorkspaceTab[]) => {
    const account = get(selectedAccountIdAtom) ?? 'own';
    set(tabsByAccountAtom, { ...get(tabsByAccountAtom), [account]: tabs });
  },
);
