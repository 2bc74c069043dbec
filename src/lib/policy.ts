import { useAtomValue } from 'jotai';
import type { AccessPolicy } from '../../domain/api.ts';
import { isAllowed, permissionLabel, type HttpMethod, type Resource } from '../../domain/permissions.ts';
import { policyAtom } from '../state/account.ts';

/** One grant a control, command or route needs: a catalogue resource and an HTTP method. */
export type Requirement = { resource: Resource; method: HttpMethod };

/** Whether the policy lets the user call this resource with this method (admins pass). */
export function can(policy: AccessPolicy | null | undefined, resource: Resource, method: HttpMethod): boolean {
  if (!policy) return false;
  return policy.instanceAdmin || isAllowed(policy.resources, resource, method);
}

/** `can` for a requirement; nothing required passes. */
export const meets = (policy: AccessPolicy | null | undefined, requires: Requirement | undefined): boolean =>
  !requires || can(policy, requires.resource, requires.method);

/** The tooltip of a control the role may not use: "Needs POST on Persons". */
export const missingGrant = ({ resource, method }: Requirement): string => `Needs ${method} on ${permissionLabel(resource)}`;

/** `can` for the current policy; false until the policy has loaded. */
export function useCan(resource: Resource, method: HttpMethod): boolean {
  return can(useAtomValue(policyAtom), resource, method);
}

/** `meets` for the current policy: whether the role has the grant (nothing required passes). */
export function useMeets(requires: Requirement | undefined): boolean {
  return meets(useAtomValue(policyAtom), requires);
}
