import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AccessPolicy } from '../../domain/api.ts';
import { onPolicyChanged, request } from './api.ts';
import { endProviderSession } from './auth.ts';

/** Query keys start with the account the data belongs to (CONVENTIONS: account in every key). */
export const sessionKeys = {
  policy: (account: string) => [account, 'session', 'policy'] as const,
};

export const accessPolicyQuery = (account: string) =>
  queryOptions({
    queryKey: sessionKeys.policy(account),
    queryFn: () => request<AccessPolicy>('/permissions/accesspolicy'),
    staleTime: 5 * 60_000,
  });

/** Reloads the access policy as soon as an API answer says the caller's role changed (lib/api.ts). */
export function usePolicyFollowsRole(account: string) {
  const queryClient = useQueryClient();
  useEffect(() => onPolicyChanged(() => void queryClient.invalidateQueries({ queryKey: sessionKeys.policy(account) })), [queryClient, account]);
}

/**
 * Signs out at the API (revoking this access token), revokes the refresh token at the provider (it
 * would otherwise keep minting access tokens until it expires), then ends the provider session;
 * `logout` also clears the SDK's stored tokens. A failed step does not stop the next ones.
 */
export async function signOut() {
  await request('/auth/logout', { method: 'POST' }).catch(() => undefined);
  await endProviderSession();
}

/**
 * For a route loader's data that only some roles may read: `prefetch` runs as soon as the access
 * policy (usually already on its way: the `_app` loader asks for it) says this role may, not once
 * the screen has rendered with the policy, one long task later. Never waited for.
 */
export function prefetchWhenAllowed(queryClient: QueryClient, account: string, allowed: (policy: AccessPolicy) => boolean, prefetch: () => void) {
  queryClient.ensureQueryData(accessPolicyQuery(account)).then(
    (policy) => {
      if (allowed(policy)) prefetch();
    },
    () => {},
  );
}
