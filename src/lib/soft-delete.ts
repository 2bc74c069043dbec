import { queryOptions, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { DeletedList } from '../../domain/deleted.ts';
import { messages } from '../../domain/messages.ts';
import { useToast } from './toast.ts';
import { useAccountKey } from './account.ts';
import { ApiRequestError, request } from './api.ts';
import { retryUnlessRefused } from './query.ts';

/** The record a screen deletes: its API path, where to restore it, and what to call it in the toast. */
export type SoftDeleteTarget = {
  /** The record's API path, e.g. `/contactpoints/contact-points/{id}`. */
  path: string;
  /** `POST` here undoes the delete, e.g. `/contactpoints/contact-points/{id}/restore`. */
  restorePath: string;
  /** What the record is, as the toast says it: 'Contact point'. */
  kind: string;
  name: string;
  /** Queries showing the record (its list, search): refreshed after the delete and after Undo. */
  invalidate: QueryKey[];
};

export type RestoreTarget = Omit<SoftDeleteTarget, 'path'>;

export const deletedKeys = {
  all: (account: string) => [account, 'deleted'] as const,
};

/** What the account deleted in the last 30 days, newest first (`GET /deleted`). */
export const deletedListQuery = (account: string) =>
  queryOptions({
    queryKey: deletedKeys.all(account),
    queryFn: () => request<DeletedList>('/deleted', { query: { limit: 100 } }),
    // The page shows what is deleted now, not what was when it last opened.
    staleTime: 0,
    retry: retryUnlessRefused,
  });

export { mayDeleteAny } from './may-delete.ts';

/** 'ContactPoint' → 'Contact point': the kind of a "Recently deleted" entry, as toasts name it. */
export const kindOf = (resourceType: string) => {
  const words = resourceType.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const failure = (error: unknown) => (error instanceof ApiRequestError ? error.message : messages.serverError);

/** Restores a deleted record: resolves true when restored; a refusal shows the server's message and resolves false. */
export function useRestore() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  const toast = useToast();
  return useCallback(
    async ({ restorePath, kind, name, invalidate }: RestoreTarget): Promise<boolean> => {
      try {
        await request<unknown>(restorePath, { method: 'POST' });
      } catch (error) {
        // E.g. the number was taken meanwhile: the server's message says by whom.
        toast('error', failure(error));
        return false;
      }
      for (const queryKey of [...invalidate, deletedKeys.all(account)]) void queryClient.invalidateQueries({ queryKey });
      toast('success', `Restored ${kind.toLowerCase()} “${name}”`);
      return true;
    },
    [queryClient, account, toast],
  );
}

/**
 * Deletes a record (soft, issue 9) and offers Undo in the toast, also by Ctrl+Z while it shows.
 * Resolves true when deleted (a detail screen then goes back to its list); a refusal shows the
 * server's message and resolves false.
 *
 *     const remove = useSoftDelete();
 *     if (await remove({ path: `/locations/locations/${id}`, restorePath: `/locations/locations/${id}/restore`,
 *       kind: 'Location', name, invalidate: [locationKeys.lists(account)] })) navigate({ to: '/practice/locations' });
 */
export function useSoftDelete() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  const toast = useToast();
  const restore = useRestore();
  return useCallback(
    async (target: SoftDeleteTarget): Promise<boolean> => {
      try {
        await request<unknown>(target.path, { method: 'DELETE' });
      } catch (error) {
        toast('error', failure(error));
        return false;
      }
      for (const queryKey of [...target.invalidate, deletedKeys.all(account)]) void queryClient.invalidateQueries({ queryKey });
      toast('success', `${target.kind} “${target.name}” deleted`, {
        action: { label: 'Undo', undo: true, run: () => void restore(target) },
      });
      return true;
    },
    [queryClient, account, toast, restore],
  );
}
