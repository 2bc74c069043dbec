import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleSort } from '../../../domain/lists.ts';
import type { Role, RoleCreate, RoleDetail, RoleList, RolePatch, TrustTargets } from '../../../domain/roles.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { retryUnlessRefused } from '../../lib/query.ts';
import { type ListSearch } from '../../lib/list-search.ts';
import { roleKeys as sharedRoleKeys } from '../../lib/roles.ts';
import { searchKeys } from '../../lib/search-keys.ts';
import { sessionKeys } from '../../lib/session.ts';
import { listQueryOptions } from '../../lib/record-queries.ts';

export type RoleListSearch = ListSearch<RoleSort>;

/** Query keys of roles, under the shared key the user forms' role select reads (so both refresh together). */
export const roleKeys = {
  all: sharedRoleKeys.all,
  lists: (account: string) => [...sharedRoleKeys.all(account), 'list'] as const,
  list: (account: string, query: object) => [...sharedRoleKeys.all(account), 'list', query] as const,
  detail: (account: string, id: string) => [...sharedRoleKeys.all(account), 'detail', id] as const,
  trustTargets: (account: string) => [...sharedRoleKeys.all(account), 'trust-targets'] as const,
};

/** The accounts and roles the trust rows pick from, by name (issue 24). */
export const trustTargetsQuery = (account: string) =>
  queryOptions({ queryKey: roleKeys.trustTargets(account), queryFn: () => request<TrustTargets>('/permissions/trust-targets'), retry: retryUnlessRefused });

const path = (id: string) => `/permissions/roles/${encodeURIComponent(id)}`;

export const roleListQuery = (account: string, search: RoleListSearch) => listQueryOptions<RoleList>((query) => roleKeys.list(account, query), '/permissions/roles', search);

/** Spec §8: a role that fails to load says so once ('Failed to load role'), no retry. */
export const roleQuery = (account: string, id: string) =>
  queryOptions({ queryKey: roleKeys.detail(account, id), queryFn: () => request<RoleDetail>(path(id)), retry: false, retryOnMount: false });

/**
 * After a role write every role query of the account is stale, and so is the caller's own access
 * policy: the role edited may be their own, and its menus follow at once.
 */
function useRoleWritten() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return () => {
    void queryClient.invalidateQueries({ queryKey: roleKeys.all(account) });
    void queryClient.invalidateQueries({ queryKey: searchKeys.all(account) });
    void queryClient.invalidateQueries({ queryKey: sessionKeys.policy(account) });
  };
}

export function useCreateRole() {
  const written = useRoleWritten();
  return useMutation({
    mutationFn: (body: RoleCreate) => request<{ id: string }>('/permissions/roles', { method: 'POST', body }),
    onSuccess: written,
  });
}

export function useUpdateRole(id: string) {
  const written = useRoleWritten();
  return useMutation({
    mutationFn: (body: RolePatch) => request<Role>(path(id), { method: 'PATCH', body }),
    onSuccess: written,
  });
}

export function useDeleteRole(id: string) {
  const written = useRoleWritten();
  return useMutation({
    mutationFn: () => request<void>(path(id), { method: 'DELETE' }),
    onSuccess: written,
  });
}
