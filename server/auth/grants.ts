import { createHash } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { messages } from '../../domain/messages.ts';
import { isAllowed, permissionCatalogue, type ResourceGrants } from '../../domain/permissions.ts';
import { trustRoleUnknownMessage, type RoleTrust } from '../../domain/roles.ts';
import type { Tx } from '../db/client.ts';
import { roles } from '../db/schema/index.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, badRequest } from '../errors.ts';

/**
 * "A caller can only grant what their own role holds" (issue 10): the one rule behind giving a
 * user a role (server/routes/persons) and writing a role's grants (server/routes/roles), so
 * no one raises their own powers — neither by taking a bigger role nor by growing their own.
 * Instance administrators may grant anything. `already` is what the role granted before an edit:
 * grants it keeps are not granted anew (a role's own grants stay; editing a role beyond one's own
 * is refused before, by `assertMayEditRole`).
 */
export function assertWithinOwnGrants(c: Context<AppEnv>, granted: ResourceGrants, field: string, already: ResourceGrants = {}) {
  if (c.var.caller.instanceAdmin) return;
  if (beyondOwn(c, granted, already)) throw new ApiError(403, 'forbidden', messages.roleBeyondOwn, { [field]: messages.roleBeyondOwn });
}

/** Whether `granted` holds a permission (not in `already`) that the caller's own role lacks. */
function beyondOwn(c: Context<AppEnv>, granted: ResourceGrants, already: ResourceGrants = {}): boolean {
  const own = c.var.account.role?.resources;
  return permissionCatalogue.some((entry) =>
    entry.methods.some(
      (method) => isAllowed(granted, entry.resource, method) && !isAllowed(already, entry.resource, method) && !isAllowed(own, entry.resource, method),
    ),
  );
}

/** Whether a role granting `resources` is within the caller's own grants (instance administrators: always). */
export const withinOwnGrants = (c: Context<AppEnv>, resources: ResourceGrants): boolean => c.var.caller.instanceAdmin || !beyondOwn(c, resources);

type TrustMaps = { trustedRelationships: RoleTrust; assumeRoles: RoleTrust };

/**
 * The same rule for a role's trust (issue 24). A trusted relationship lets another account's users
 * act here with the role's permissions, and an assume-role row sends this role's holders to act
 * with another role's: both hand out permissions. So a caller who is no instance administrator may
 * point a row only at a role that grants nothing their own lacks. Rows kept as they were are not
 * granted anew. The role itself is within the caller's own grants already: its creation checks
 * its `resources` (`assertWithinOwnGrants`), its edit is refused first when it exceeds them
 * (`assertMayEditRole`) and then when its new `resources` would. Every caller's new rows must name a role of the account they pair it
 * with (400 otherwise): a row pointing nowhere is a mistake, never a grant to fill in later.
 */
export async function assertTrustWithinOwnGrants(c: Context<AppEnv>, tx: Tx, before: TrustMaps, after: Partial<TrustMaps>) {
  for (const field of ['trustedRelationships', 'assumeRoles'] as const) {
    const next = after[field];
    if (next === undefined) continue;
    const previous = before[field];
    const added = Object.entries(next).filter(([account, role]) => previous[account] !== role);
    const removed = Object.keys(previous).filter((account) => !(account in next));
    if (added.length === 0 && removed.length === 0) continue;
    // Another account's roles, on purpose: a trust row names one, and only its grants are read.
    const targets =
      added.length === 0
        ? []
        : await tx
            .select({ resources: roles.resources })
            .from(roles)
            .where(or(...added.map(([account, role]) => and(eq(roles.accountId, account), eq(roles.id, role)))));
    if (targets.length < added.length) throw badRequest(messages.invalidRequest, { [field]: trustRoleUnknownMessage(field) });
    if (c.var.caller.instanceAdmin) continue;
    if (targets.some((target) => beyondOwn(c, target.resources))) {
      throw new ApiError(403, 'forbidden', messages.trustTargetBeyondOwn, { [field]: messages.trustTargetBeyondOwn });
    }
  }
}

/**
 * The same rule for a user's sign-in (issue 24). Whoever changes which sign-in a user record is
 * (principalId, email) hands that sign-in the user's role: pointing an Administrator user at one's
 * own sign-in would sign in as Administrator. Switching such a user off, changing their role or
 * deleting them takes from them what the caller could not give back. So a caller who is no
 * instance administrator may do these only to a user whose role grants nothing their own lacks;
 * `fields` name the fields refused (none for a delete).
 */
export function assertMayManageUserOfRole(c: Context<AppEnv>, resources: ResourceGrants | null | undefined, fields: string[] = []) {
  if (!resources || withinOwnGrants(c, resources)) return;
  throw new ApiError(403, 'forbidden', messages.userRoleBeyondOwn, fields.length ? Object.fromEntries(fields.map((f) => [f, messages.userRoleBeyondOwn])) : undefined);
}

/**
 * The same rule for editing or deleting a role (issue 24). Changing a role whose permissions exceed
 * the caller's own — even reducing them, or renaming it — is managing powers the caller does not
 * hold: a reduction takes from its holders what the caller could not give back. So a caller who is
 * no instance administrator may change or delete only a role that grants nothing their own lacks.
 */
export function assertMayEditRole(c: Context<AppEnv>, resources: ResourceGrants) {
  if (!withinOwnGrants(c, resources)) throw new ApiError(403, 'forbidden', messages.roleEditBeyondOwn);
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
