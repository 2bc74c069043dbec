import { useAtomValue } from 'jotai';
import type { AccessPolicy } from '../../domain/api.ts';
import { isAllowed, type HttpMethod, type Resource } from '../../domain/permissions.ts';
import { policyAtom } from '../state/account.ts';

/** Whether the policy lets the user call this resource with this method (admins pass). */
export function can(policy: AccessPolicy | null | undefined, resource: Resource, method: HttpMethod): boolean {
  if (!policy) return false;
  return policy.instanceAdmin || isAllowed(policy.resources, resource, method);
}

/** `can` for the current policy; false until the policy has loaded. */
export function useCan(resource: Resource, method: HttpMethod): boolean {
  return can(useAtomValue(policyAtom), resource, method);
}
