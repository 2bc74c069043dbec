import { useQueryClient } from '@tanstack/react-query';
import { useAtom, useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { selectedAccountIdAtom, store } from '../state/account.ts';

/** The account part of every query key: the selected account, or 'own' for the user's own. */
export function useAccountKey(): string {
  return useAtomValue(selectedAccountIdAtom) ?? 'own';
}

/** Switching accounts drops every cached query (spec §4), so no data of the old account shows. */
export function useSwitchAccount() {
  const [, setSelected] = useAtom(selectedAccountIdAtom);
  const queryClient = useQueryClient();
  return useCallback(
    (accountId: string | null) => {
      queryClient.clear();
      setSelected(accountId);
    },
    [queryClient, setSelected],
  );
}

/** The account part of query keys outside React (route loaders), matching `useAccountKey()`. */
export function currentAccountKey(): string {
  return store.get(selectedAccountIdAtom) ?? 'own';
}
