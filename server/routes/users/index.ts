import { and, eq } from 'drizzle-orm';
import { recordReads } from '../../access-log.ts';
import { Hono, type Context } from 'hono';
import { messages } from '../../../domain/messages.ts';
import { userCreateSchema, userListQuerySchema, userPatchSchema, type User } from '../../../domain/persons.ts';
import { assertMayManageUserOfRole, assertWithinOwnGrants, withinOwnGrants } from '../../auth/grants.ts';
import { requires } from '../../auth/requires.ts';
import type { Tx } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';
import { write } from '../../write.ts';
import { notifyUserRoleChanged } from '../../notifications/role-events.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError, badRequest, conflict, forbidden } from '../../errors.ts';
import { editedVersion, expectedVersion, editable, found, idParam, jsonLimit, sent, updateVersioned } from '../../records.ts';
import { json, query } from '../../validate.ts';
import { findPerson, flagPerson } from '../persons/queries.ts';
import { findUser, listUsers, presentUser, roleGrants, roleName } from './queries.ts';

/**
 * The role must be one of the account's own (a role id of another account grants nothing here),
 * and grant nothing the granting user's own role lacks (server/auth/grants.ts): whoever may edit
 * users must not be able to make themselves (or a sign-in of theirs) an Administrator.
 */
async function assertRole(c: Context<AppEnv>, tx: Tx, accountId: string, roleId: string | null | undefined) {
  if (!roleId) return;
  const [role] = await tx.select({ id: roles.id, resources: roles.resources }).from(roles).where(and(eq(roles.accountId, accountId), eq(roles.id, roleId)));
  if (!role) throw badRequest(messages.invalidRequest, { roleId: messages.roleNotFound });
  assertWithinOwnGrants(c, role.resources, 'roleId');
}

/**
 * The role a user's body names (issue 44): `roleId`, or spec §3's `userPolicy.accessPolicy` (its
 * `roleId`, else its `role` by name in the account). Undefined: none named; null: no role. Named
 * twice, it must be one role.
 */
async function namedRole(
  tx: Tx,
  accountId: string,
  body: { roleId?: string | null; userPolicy?: { accessPolicy?: { role?: string | null; roleId?: string | null } } },
): Promise<string | null | undefined> {
  const policy = body.userPolicy?.accessPolicy;
  let fromPolicy = policy?.roleId;
  if (fromPolicy === undefined && policy?.role !== undefined) {
    if (policy.role === null || policy.role === '') {
      fromPolicy = null;
    } else {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.accountId, accountId), eq(roles.name, policy.role)));
      if (!role) throw badRequest(messages.invalidRequest, { 'userPolicy.accessPolicy.role': messages.roleNameUnknown });
      fromPolicy = role.id;
    }
  }
  if (body.roleId !== undefined && fromPolicy !== undefined && body.roleId !== fromPolicy) throw badRequest(messages.invalidRequest, { roleId: messages.roleNameUnknown });
  return body.roleId !== undefined ? body.roleId : fromPolicy;
}

/** The fields of a user that hand out or take away the user's role (server/auth/grants.ts). */
const signInFields = ['principalId', 'email', 'active', 'roleId'] as const;

/**
 * The answer about one user: the record, its role's name, and whether its role grants something
 * the caller's lacks (then the caller may not change its sign-in, active state or role, nor delete
 * it), so the SPA does not offer what would be refused. Only that one bit, never the role's grants:
 * the caller may not be allowed to read roles.
 */
async function userAnswer(c: Context<AppEnv>, row: Parameters<typeof presentUser>[0]): Promise<User> {
  const { db } = c.var.deps;
  const grants = await roleGrants(db, row.accountId, row.roleId);
  return { ...presentUser(row, await roleName(db, row.accountId, row.roleId)), roleBeyondYours: grants !== null && !withinOwnGrants(c, grants) };
}

const principalTaken = () => new ApiError(409, 'conflict', messages.principalIdTaken, { principalId: messages.principalIdTaken });

/**
 * An instance administrator's user record is for instance administrators to change: whoever could
 * point its principalId at a sign-in of their own would sign in as an instance administrator.
 */
function assertNotInstanceAdmin(user: { instanceAdmin: boolean }) {
  if (user.instanceAdmin) throw forbidden(messages.forbidden);
}

/** A principalId names one sign-in, so it is unique across all accounts (not only this one). */
async function assertPrincipalFree(tx: Tx, principalId: string, personId: string) {
  const [taken] = await tx.select({ personId: users.personId }).from(users).where(eq(users.principalId, principalId));
  if (taken && taken.personId !== personId) throw principalTaken();
}

/**
 * A concurrent request took the principalId between `assertPrincipalFree` and the write, and the
 * unique index refused the write: the same 409 as the check, not a 500.
 */
function principalRace(error: unknown): never {
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error && 'constraint' in cause && cause.constraint === 'users_principal') throw principalTaken();
  throw error;
}

/**
 * Users (spec §7): a person's sign-in, keyed by the person's id (server/routes/persons/), at
 * /person/users. Every query is scoped to the request's account; a record of another account
 * answers 404 (its existence is not revealed).
 */
export const userRoutes = new Hono<AppEnv>()
  .get('/users', requires('/person/users', 'GET'), query(userListQuerySchema), async (c) => {
    const list = await listUsers(c.var.deps.db, c.var.account.id, c.req.valid('query'));
    recordReads(c, 'User', 'list', list.Items.map((item) => item.id));
    return c.json(list);
  })
  .post('/users/:id', requires('/person/users/{id}', 'POST'), idParam(), jsonLimit, json(userCreateSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { userPolicy, ...fields } = c.req.valid('json');
    if (fields.instanceAdmin && !c.var.caller.instanceAdmin) throw forbidden(messages.instanceAdminOnly);
    await write(c, async ({ tx, audit, accountId, actorName }) => {
      const body = { ...fields, roleId: await namedRole(tx, accountId, { roleId: fields.roleId, userPolicy }) };
      const person = found(await findPerson(tx, accountId, id, true));
      if (person.userRecord || (await findUser(tx, accountId, id))) throw conflict(messages.userExists);
      await assertRole(c, tx, accountId, body.roleId);
      await assertPrincipalFree(tx, body.principalId, id);
      const [user] = await tx
        .insert(users)
        .values({
          personId: id,
          accountId,
          createdBy: actorName,
          modifiedBy: actorName,
          name: body.name ?? person.displayName,
          email: body.email,
          principalId: body.principalId,
          source: body.source ?? null,
          oktaId: body.oktaId ?? null,
          active: body.active,
          roleId: body.roleId ?? null,
          instanceAdmin: body.instanceAdmin ?? false,
        })
        .returning();
      await flagPerson(tx, accountId, id, { userRecord: true });
      await audit({ action: 'create', resourceType: 'User', resourceId: id, after: presentUser(user!, null) });
    }).catch(principalRace);
    return c.json({ id }, 201);
  })
  .get('/users/:id', requires('/person/users/{id}', 'GET'), idParam(), async (c) => {
    const { db } = c.var.deps;
    const row = found(await findUser(db, c.var.account.id, c.req.valid('param').id));
    const user = await userAnswer(c, row);
    recordReads(c, 'User', 'view', [user.id]);
    return c.json(user);
  })
  .patch('/users/:id', requires('/person/users/{id}', 'PATCH'), idParam(), jsonLimit, json(userPatchSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { version: sentVersion, userPolicy, ...body } = c.req.valid('json');
    const expected = expectedVersion(c, sentVersion);
    const updated = await write(c, async ({ tx, audit, accountId, actorId, actorName, repeats }) => {
      const changes = sent({ ...body, roleId: await namedRole(tx, accountId, { roleId: body.roleId, userPolicy }) });
      const before = found(await findUser(tx, accountId, id, true));
      const version = editedVersion(before, expected);
      if (!c.var.caller.instanceAdmin) {
        if (changes.instanceAdmin !== undefined && changes.instanceAdmin !== before.instanceAdmin) throw forbidden(messages.instanceAdminOnly);
        assertNotInstanceAdmin(before);
        const changed = signInFields.filter((field) => changes[field] !== undefined && changes[field] !== before[field]);
        if (changed.length > 0) assertMayManageUserOfRole(c, await roleGrants(tx, accountId, before.roleId), changed);
      }
      if (await repeats({ resourceType: 'User', resourceId: id, record: before, version, changes })) return before;
      editable(before, version);
      // Only a change of role is a grant (issue 24): a save that sends the role the user already has
      // (the form sends every field) grants nothing anew, so a practice administrator may edit a
      // Read Only user's name without holding everything Read Only reads.
      if (changes.roleId !== undefined && changes.roleId !== before.roleId) await assertRole(c, tx, accountId, changes.roleId);
      if (changes.principalId) await assertPrincipalFree(tx, changes.principalId, id);
      const after = await updateVersioned({ tx, accountId, actorName }, users, { key: users.personId, id, version }, changes);
      await audit({ action: 'update', resourceType: 'User', resourceId: id, before: presentUser(before, null), after: presentUser(after, null) });
      if (after.roleId !== before.roleId) await notifyUserRoleChanged(tx, { accountId, accountName: c.var.account.name, actorId, actorName, userId: id, roleId: after.roleId });
      return after;
    }).catch(principalRace);
    return c.json(await userAnswer(c, updated));
  })
  .delete('/users/:id', requires('/person/users/{id}', 'DELETE'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    // Deleting one's own user record would lock oneself out mid-session.
    if (id === c.var.caller.personId) throw forbidden(messages.cannotDeleteSelf);
    await write(c, async ({ tx, audit, accountId }) => {
      const before = found(await findUser(tx, accountId, id, true));
      if (!c.var.caller.instanceAdmin) {
        assertNotInstanceAdmin(before);
        assertMayManageUserOfRole(c, await roleGrants(tx, accountId, before.roleId));
      }
      await tx.delete(users).where(and(eq(users.accountId, accountId), eq(users.personId, id)));
      await flagPerson(tx, accountId, id, { userRecord: false });
      await audit({ action: 'delete', resourceType: 'User', resourceId: id, before: presentUser(before, null) });
    });
    return c.body(null, 204);
  });
