import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { messages } from '../../domain/messages.ts';
import { isAllowed, permissionCatalogue, type ResourceGrants } from '../../domain/permissions.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';

/**
 * "A caller can only grant what their own role holds" (issue 10): the one rule behind giving a
 * user a role (server/routes/person) and writing a role's grants (server/routes/permissions), so
 * no one raises their own powers — neither by taking a bigger role nor by growing their own.
 * Instance administrators may grant anything. `already` is what the role granted before an edit:
 * grants it keeps are not granted anew (a practice administrator may rename the Administrator
 * role, but not add to any role what they lack).
 */
export function assertWithinOwnGrants(c: Context<AppEnv>, granted: ResourceGrants, field: string, already: ResourceGrants = {}) {
  if (c.var.caller.instanceAdmin) return;
  const own = c.var.account.role?.resources;
  const exceeds = permissionCatalogue.some((entry) =>
    entry.methods.some(
      (method) => isAllowed(granted, entry.resource, method) && !isAllowed(already, entry.resource, method) && !isAllowed(own, entry.resource, method),
    ),
  );
  if (exceeds) throw new ApiError(403, 'forbidden', messages.roleBeyondOwn, { [field]: messages.roleBeyondOwn });
}

/** The same rule for a role handed to a user or an API key (the refusal names `roleId`). */
export const assertMayGrant = (c: Context<AppEnv>, resources: ResourceGrants) => assertWithinOwnGrants(c, resources, 'roleId');

const stamps = new WeakMap<object, string>();
const stampOf = (grants: ResourceGrants): string => {
  let stamp = stamps.get(grants);
  if (!stamp) {
    stamp = createHash('sha256').update(JSON.stringify(grants)).digest('base64url').slice(0, 16);
    stamps.set(grants, stamp);
  }
  return stamp;
};

/**
 * Every signed-in answer names what the caller's role grants now (`X-Access-Policy`, a short
 * hash): when a role edit changes it, the SPA reloads its access policy on the holder's next
 * request, so menus and commands follow at once (issue 10), not when the policy goes stale.
 * Set before the handler runs, so refusals (403) carry it too.
 */
export const policyStamp = createMiddleware<AppEnv>(async (c, next) => {
  const { caller, account, identity } = c.var;
  // The assumed accounts the caller may act in count too (issue 11): the header's selector follows them.
  const actable = identity.actable.map((a) => a.accountId).join(',');
  const assumed = actable ? `.${createHash('sha256').update(actable).digest('base64url').slice(0, 8)}` : '';
  c.header('X-Access-Policy', caller.instanceAdmin ? 'instance-admin' : `${account.role ? stampOf(account.role.resources) : 'none'}${assumed}`);
  await next();
});
