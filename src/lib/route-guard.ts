import type { QueryClient } from '@tanstack/react-query';
import { currentAccountKey } from './account.ts';
import { accountInactive } from '../../domain/api.ts';
import { ApiRequestError } from './api.ts';
import { meets, type Requirement } from './policy.ts';
import { accessPolicyQuery } from './session.ts';

/**
 * Thrown by a route the role may not use: its error component shows the "no permission" screen
 * instead of a form whose save the server would refuse.
 */
export class PermissionDenied extends Error {
  constructor(
    readonly requires: Requirement,
    /** What the route does, to finish "You don't have permission to …" ("create persons"). */
    readonly action: string,
  ) {
    super(`You don't have permission to ${action}.`);
    this.name = 'PermissionDenied';
  }
}

/** What a guarded route needs, kept in its context so a later refusal names the same grant. */
export type RoutePermission = { requires: Requirement; action: string };

/**
 * A route's `beforeLoad` for a screen that needs one grant. The policy is read through the query
 * cache (the shell loads the same query), so the check costs no extra request. A policy that
 * cannot be read is the shell's to report ("No access"), not this route's. The grant goes into
 * the route's context (`permission`): a refetch refused later shows the same screen (`Refused`).
 */
export const requirePermission =
  (requires: Requirement, action: string) =>
  async ({ context }: { context: { queryClient: QueryClient } }): Promise<{ permission: RoutePermission }> => {
    const policy = await context.queryClient.ensureQueryData(accessPolicyQuery(currentAccountKey())).catch(() => null);
    if (policy && !meets(policy, requires)) throw new PermissionDenied(requires, action);
    return { permission: { requires, action } };
  };

/**
 * The API refused the caller's role (403), as opposed to an inactive account (the shell's to
 * show): a Retry can never work, only a change of role.
 */
export const isRefused = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && error.status === 403 && error.code !== accountInactive.code;

/**
 * A route loader's prefetch failure: a 403 (the role lost the grant since the policy was read) is
 * the route's "no permission" screen (issue 24); anything else is the screen's own to show, with Retry.
 */
export const deniedOr = (requires: Requirement, action: string) => (error: unknown) => {
  if (error instanceof ApiRequestError && error.status === 403) throw new PermissionDenied(requires, action);
  return undefined;
};
