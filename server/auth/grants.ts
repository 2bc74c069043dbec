import type { Context } from 'hono';
import { messages } from '../../domain/messages.ts';
import { isAllowed, permissionCatalogue, type ResourceGrants } from '../../domain/permissions.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';

/**
 * A caller may only hand out grants their own role in this account holds (instance
 * administrators anything): whoever may manage users, roles or API keys must not be able to give
 * themselves, a sign-in of theirs or a key more power than they have. 403 naming `roleId`.
 */
export function assertMayGrant(c: Context<AppEnv>, resources: ResourceGrants) {
  if (c.var.caller.instanceAdmin) return;
  const own = c.var.account.role?.resources;
  const exceeds = permissionCatalogue.some((entry) => entry.methods.some((method) => isAllowed(resources, entry.resource, method) && !isAllowed(own, entry.resource, method)));
  if (exceeds) throw new ApiError(403, 'forbidden', messages.roleBeyondOwn, { roleId: messages.roleBeyondOwn });
}
