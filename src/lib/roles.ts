import { queryOptions } from '@tanstack/react-query';
import { request } from './api.ts';

export type RoleOption = { id: string; name: string };

export const roleKeys = {
  all: (account: string) => [account, 'roles'] as const,
  options: (account: string) => [account, 'roles', 'options'] as const,
};

/**
 * The roles of the account, for the role select of user forms (users and persons both offer
 * it), only those the caller may give. Spec §7 gives no answer shape for `GET /permissions/roles`, so the list is read from
 * `items`, `Items` or `roles`, whichever the answer has.
 */
export const roleOptionsQuery = (account: string) =>
  queryOptions({
    queryKey: roleKeys.options(account),
    queryFn: async (): Promise<RoleOption[]> => {
      const answer = await request<Record<string, unknown> | unknown[]>('/permissions/roles');
      const list = Array.isArray(answer) ? answer : (answer.items ?? answer.Items ?? answer.roles ?? []);
      return (list as { id?: unknown; name?: unknown; roleBeyondYours?: unknown }[])
        // Only the roles the caller may give (issue 40): the server refuses the others.
        .filter((role): role is RoleOption => typeof role.id === 'string' && typeof role.name === 'string' && role.roleBeyondYours !== true)
        .map(({ id, name }) => ({ id, name }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: 60_000,
    retry: false,
  });
