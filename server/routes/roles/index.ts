import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { AccessPolicy } from '../../../domain/api.ts';
import { grantAll } from '../../../domain/permissions.ts';
import {
  policyCreateSchema,
  policyPatchSchema,
  roleCreateSchema,
  roleListQuerySchema,
  roleNameTaken,
  rolePatchSchema,
  roleStillHeld,
  type CcpConfig,
  type PolicyList,
  type RoleCreateParsed,
  type RoleDetail,
  type RoleList,
  type RolePatchParsed,
  type TrustTarget,
  type TrustTargets,
} from '../../../domain/roles.ts';
import { actableAssumedAccounts } from '../../auth/authenticate.ts';
import { assertMayEditRole, assertTrustWithinOwnGrants, assertWithinOwnGrants, withinOwnGrants } from '../../auth/grants.ts';
import { requires } from '../../auth/requires.ts';
import { roles } from '../../db/schema/index.ts';
import { write } from '../../write.ts';
import { notifyRoleHolders } from '../../notifications/role-events.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError, errorCode } from '../../errors.ts';
import { editedVersion, expectedVersion, editable, found, idParam, jsonLimit, sent, touched, updatedRow } from '../../records.ts';
import { json, query } from '../../validate.ts';
import { findRole, listRoles, presentPolicy, presentRole, roleUsers, trustTargetRows } from './queries.ts';

const nameTaken = () => new ApiError(409, 'conflict', roleNameTaken, { name: roleNameTaken });

/** Role names are unique in an account, without case: a clash (checked, or lost to a race at the unique index) is 409 on the name. */
async function assertNameFree(c: Context<AppEnv>, name: string, except?: string) {
  const rows = await c.var.deps.db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.accountId, c.var.account.id));
  const taken = rows.find((r) => r.id !== except && r.name.toLowerCase() === name.toLowerCase());
  if (taken) throw nameTaken();
}
function nameRace(error: unknown): never {
  if (errorCode(error) === '23505') throw nameTaken();
  throw error;
}

/**
 * Creates a role (both shapes). The grants, and the roles its trust rows point at, must be within
 * the caller's own (server/auth/grants.ts).
 */
async function createRole(c: Context<AppEnv>, body: RoleCreateParsed) {
  assertWithinOwnGrants(c, body.resources, 'resources');
  await assertNameFree(c, body.name);
  return write(c, async ({ tx, audit, accountId, actorName }) => {
    await assertTrustWithinOwnGrants(c, tx, { trustedRelationships: {}, assumeRoles: {} }, body);
    const [row] = await tx
      .insert(roles)
      .values({ ...body, ccpConfig: body.ccpConfig, accountId, createdBy: actorName, modifiedBy: actorName })
      .returning()
      .catch((error: unknown) => nameRace(error));
    await audit({ action: 'create', resourceType: 'Role', resourceId: row!.id, after: presentRole(row!, 0) });
    return { id: row!.id };
  });
}

/**
 * Edits a role (both shapes), versioned; only a role within the caller's own grants
 * (server/auth/grants.ts). A role edit takes effect on its holders' next request:
 * `write` clears this process's caller cache and the roles table's trigger tells the others.
 */
async function updateRole(c: Context<AppEnv>, id: string, expected: number | undefined, changes: Partial<Omit<RolePatchParsed, 'version'>>) {
  if (changes.name !== undefined) await assertNameFree(c, changes.name, id);
  return write(c, async ({ tx, audit, accountId, actorId, actorName, repeats }) => {
    const current = found(await findRole(tx, accountId, id, true));
    const version = editedVersion(current.role, expected);
    if (await repeats({ resourceType: 'Role', resourceId: id, record: current.role, version, changes })) return presentRole(current.role, current.users);
    assertMayEditRole(c, current.role.resources);
    editable(current.role, version);
    if (changes.resources) assertWithinOwnGrants(c, changes.resources, 'resources', current.role.resources);
    await assertTrustWithinOwnGrants(c, tx, current.role, changes);
    const after = updatedRow(
      await tx
        .update(roles)
        .set({ ...changes, ...touched(actorName, roles.version) })
        .where(and(eq(roles.accountId, accountId), eq(roles.id, id), eq(roles.version, version)))
        .returning()
        .catch((error: unknown) => nameRace(error)),
    );
    const before = presentRole(current.role, current.users);
    const answer = presentRole(after, current.users);
    await audit({ action: 'update', resourceType: 'Role', resourceId: id, before, after: answer });
    await notifyRoleHolders(tx, { accountId, accountName: c.var.account.name, actorId, actorName, roleId: id, roleName: after.name });
    return answer;
  });
}

/** Deletes a role no user holds; one still held is refused with how many hold it, one beyond the caller's own (403) first. */
async function deleteRole(c: Context<AppEnv>, id: string) {
  await write(c, async ({ tx, audit, accountId }) => {
    const current = found(await findRole(tx, accountId, id, true));
    assertMayEditRole(c, current.role.resources);
    if (current.users > 0) throw new ApiError(409, 'conflict', roleStillHeld(current.users));
    await tx.delete(roles).where(and(eq(roles.accountId, accountId), eq(roles.id, id)));
    await audit({ action: 'delete', resourceType: 'Role', resourceId: id, before: presentRole(current.role, 0) });
  });
}

/** The policy shape's parts as the role's columns (only those sent). */
function fromPolicy(body: {
  resources?: RoleCreateParsed['resources'];
  features?: { ccp?: boolean };
  settings?: { ccpConfig?: CcpConfig | null };
  roleAssociations?: { trustedRelationships?: Record<string, string>; assumeRoles?: Record<string, string> };
}) {
  // Features: ccp off means no softphone settings, whatever `settings` says.
  const ccpConfig = body.features?.ccp === false ? null : body.settings?.ccpConfig;
  return sent({
    resources: body.resources,
    ccpConfig,
    trustedRelationships: body.roleAssociations?.trustedRelationships,
    assumeRoles: body.roleAssociations?.assumeRoles,
  });
}

const isPaged = (c: Context<AppEnv>) => c.req.query('limit') !== undefined || c.req.query('page') !== undefined || c.req.query('offset') !== undefined;

/**
 * Roles and the access policy (spec §6, §7): `/permissions/roles` and, in the older policy shape,
 * `/permissions/policies` (the same roles). Every query is scoped to the request's account; a
 * role of another account answers 404.
 */
export const roleRoutes = new Hono<AppEnv>()
  .get('/roles', requires('/permissions/roles', 'GET'), query(roleListQuerySchema), async (c) => {
    const list = await listRoles(c.var.deps.db, c.var.account.id, c.req.valid('query'), isPaged(c));
    // Which roles the caller may give (issue 40): the role selects of the user and API key forms offer only those.
    return c.json({ ...list, items: list.items.map((role) => ({ ...role, roleBeyondYours: !withinOwnGrants(c, role.resources) })) } satisfies RoleList);
  })
  .post('/roles', requires('/permissions/roles', 'POST'), jsonLimit, json(roleCreateSchema), async (c) => {
    return c.json(await createRole(c, c.req.valid('json')), 201);
  })
  .get('/trust-targets', requires('/permissions/roles', 'GET'), async (c) => {
    const rows = await trustTargetRows(c.var.deps.db, c.var.account.id, c.var.caller.instanceAdmin);
    const items: TrustTarget[] = [];
    for (const row of rows) {
      // Only roles a row may point at (server/auth/grants.ts): the others would be refused.
      if (!withinOwnGrants(c, row.resources)) continue;
      if (items.at(-1)?.id !== row.id) items.push({ id: row.id, name: row.name, roles: [] });
      items.at(-1)!.roles.push({ id: row.role_id, name: row.role_name });
    }
    return c.json({ items } satisfies TrustTargets);
  })
  .get('/roles/:id', requires('/permissions/roles/{id}', 'GET'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    const { db } = c.var.deps;
    const row = found(await findRole(db, c.var.account.id, id));
    return c.json({
      ...presentRole(row.role, row.users),
      associatedUsers: await roleUsers(db, c.var.account.id, id),
      roleBeyondYours: !withinOwnGrants(c, row.role.resources),
    } satisfies RoleDetail);
  })
  .patch('/roles/:id', requires('/permissions/roles/{id}', 'PATCH'), idParam(), jsonLimit, json(rolePatchSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { version, ...body } = c.req.valid('json');
    return c.json(await updateRole(c, id, expectedVersion(c, version), sent(body)));
  })
  .delete('/roles/:id', requires('/permissions/roles/{id}', 'DELETE'), idParam(), async (c) => {
    await deleteRole(c, c.req.valid('param').id);
    return c.body(null, 204);
  })
  // --------------------------------------------------------------- the older policy shape
  .get('/policies', requires('/permissions/policies', 'GET'), query(roleListQuerySchema), async (c) => {
    const list = await listRoles(c.var.deps.db, c.var.account.id, c.req.valid('query'), isPaged(c));
    return c.json({ ...list, items: list.items.map(presentPolicy) } satisfies PolicyList);
  })
  .post('/policies', requires('/permissions/policies', 'POST'), jsonLimit, json(policyCreateSchema), async (c) => {
    const body = c.req.valid('json');
    const parts = fromPolicy(body);
    return c.json(
      await createRole(c, { name: body.name, resources: body.resources, trustedRelationships: parts.trustedRelationships ?? {}, assumeRoles: parts.assumeRoles ?? {}, ccpConfig: parts.ccpConfig ?? null }),
      201,
    );
  })
  .get('/policies/:id', requires('/permissions/policies/{id}', 'GET'), idParam(), async (c) => {
    const row = found(await findRole(c.var.deps.db, c.var.account.id, c.req.valid('param').id));
    return c.json(presentPolicy(presentRole(row.role, row.users)));
  })
  .patch('/policies/:id', requires('/permissions/policies/{id}', 'PATCH'), idParam(), jsonLimit, json(policyPatchSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { version, name, ...body } = c.req.valid('json');
    return c.json(presentPolicy(await updateRole(c, id, expectedVersion(c, version), sent({ name, ...fromPolicy(body) }))));
  })
  .delete('/policies/:id', requires('/permissions/policies/{id}', 'DELETE'), idParam(), async (c) => {
    await deleteRole(c, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .get('/accesspolicy', requires('/permissions/accesspolicy', 'GET'), async (c) => {
    const { caller, account } = c.var;
    const assumedAccounts = caller.instanceAdmin ? [] : actableAssumedAccounts(c);
    const policy: AccessPolicy = {
      accountId: account.id,
      accountName: account.name,
      instanceAdmin: caller.instanceAdmin,
      role: caller.instanceAdmin && !account.role ? 'Instance Administrator' : (account.role?.name ?? null),
      // Instance administrators pass every check; say so explicitly for the SPA.
      resources: caller.instanceAdmin ? grantAll() : (account.role?.resources ?? {}),
      homeAccountId: caller.homeAccountId,
      user: { id: caller.personId, name: caller.name, email: caller.email },
      assumedAccounts,
    };
    return c.json(policy);
  });
