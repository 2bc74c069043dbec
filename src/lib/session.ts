import { queryOptions } from '@tanstack/react-query';
import type { AccessPolicy } from '../../domain/api.ts';
import { request } from './api.ts';
import { auth } from './auth.ts';

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

/** Signs out at the API (revoking this access token) and then at the provider. */
export async function signOut() {
  await request('/auth/logout', { method: 'POST' }).catch(() => undefined);
  await auth.logout({ logoutParams: { returnTo: window.location.origin } });
}
