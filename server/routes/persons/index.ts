import { and, eq, sql } from 'drizzle-orm';
import { recordReads } from '../../access-log.ts';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { messages } from '../../../domain/messages.ts';
import {
  personCreateSchema,
  personDisplayName,
  personListQuerySchema,
  personPatchSchema,
  practitionerCreateSchema,
  practitionerListQuerySchema,
  practitionerPatchSchema,
  practitionerPhotoMaxBytes,
  userCreateSchema,
  userListQuerySchema,
  userPatchSchema,
  type PersonCreated,
  type User,
} from '../../../domain/persons.ts';
import { assertMayManageUserOfRole, assertWithinOwnGrants, withinOwnGrants } from '../../auth/grants.ts';
import { requires } from '../../auth/requires.ts';
import type { Tx } from '../../db/client.ts';
import { accounts, persons, practitionerPhotos, practitioners, roles, users } from '../../db/schema/index.ts';
import { write } from '../../write.ts';
import { notifyUserRoleChanged } from '../../notifications/role-events.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { editedVersion, expectedVersion, editable, found, idParam, jsonLimit, sent, updateVersioned } from '../../records.ts';
import { removeTagsOf } from '../../tagged.ts';
import { json, query } from '../../validate.ts';
import { contactPointsOf } from '../contact-points/queries.ts';
import { imageType } from './photo.ts';
import {
  findPerson,
  findPractitioner,
  findUser,
  listPersons,
  listPractitioners,
  listUsers,
  photoColumns,
  photoMeta,
  presentPerson,
  presentPhoto,
  presentPractitioner,
  presentUser,
  roleGrants,
  roleName,
} from './queries.ts';

const photoTooLarge = () => new ApiError(413, 'payload_too_large', messages.photoTooLarge);

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

/** The person's record flags, written in the transaction of the user or practitioner record they describe. */
const flagPerson = (tx: Tx, accountId: string, id: string, flags: { userRecord: boolean } | { practitionerRecord: boolean }) =>
  tx.update(persons).set(flags).where(and(eq(persons.accountId, accountId), eq(persons.id, id)));

/**
 * Persons, users and practitioners (spec §7). Users and practitioners are records of a person,
 * keyed by the person's id. Every query is scoped to the request's account; a record of another
 * account answers 404 (its existence is not revealed).
 */
export const personRoutes = new Hono<AppEnv>()
  // ------------------------------------------------------------------------------- persons
  .get('/persons', requires('/person/persons', 'GET'), query(personListQuerySchema), async (c) => {
    const list = await listPersons(c.var.deps.db, c.var.account.id, c.req.valid('query'));
    recordReads(c, 'Person', 'list', list.Items.map((item) => item.id));
    return c.json(list);
  })
  .post('/persons', requires('/person/persons', 'POST'), jsonLimit, json(personCreateSchema), async (c) => {
    const body = c.req.valid('json');
    const chosen = body.accountId?.toLowerCase();
    if (chosen && chosen !== c.var.account.id) {
      // Spec §1: instance administrators may create a person on behalf of a chosen account.
      if (!c.var.caller.instanceAdmin) throw forbidden(messages.foreignAccount);
      const [target] = await c.var.deps.db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(eq(accounts.id, chosen));
      if (!target) throw badRequest(messages.invalidRequest, { accountId: messages.accountNotFound });
      c.set('account', { id: target.id, name: target.name, role: null });
    }
    const created = await write(c, async ({ tx, audit, accountId, actorName }) => {
      const stamp = { accountId, createdBy: actorName, modifiedBy: actorName };
      const [person] = await tx
        .insert(persons)
        .values({
          ...stamp,
          name: body.name,
          displayName: personDisplayName(body.name),
          gender: body.gender ?? null,
          orgRole: body.orgRole ?? null,
          communication: body.communication,
          practitionerRecord: body.makePractitioner,
        })
        .returning();
      await audit({ action: 'create', resourceType: 'Person', resourceId: person!.id, after: presentPerson(person!) });
      const answer: PersonCreated = { id: person!.id };
      if (body.makePractitioner) {
        // 'Take me to Practitioner Setup': the practitioner record comes with the person or not at all.
        const [practitioner] = await tx.insert(practitioners).values({ ...stamp, personId: person!.id, name: person!.displayName }).returning();
        await audit({ action: 'create', resourceType: 'Practitioner', resourceId: person!.id, after: presentPractitioner(practitioner!, null) });
        answer.practitionerId = practitioner!.personId;
      }
      return answer;
    });
    return c.json(created, 201);
  })
  .get('/persons/:id', requires('/person/persons/{id}', 'GET'), idParam(), async (c) => {
    const person = presentPerson(found(await findPerson(c.var.deps.db, c.var.account.id, c.req.valid('param').id)));
    recordReads(c, 'Person', 'view', [person.id]);
    return c.json(person);
  })
  .patch(
    '/persons/:id',
    requires('/person/persons/{id}', 'PATCH'),
    idParam(() => badRequest(messages.personNotUpdated, { id: messages.personNotUpdated })),
    jsonLimit,
    json(personPatchSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { version: sentVersion, ...body } = c.req.valid('json');
      const expected = expectedVersion(c, sentVersion);
      const changes = sent({ ...body, displayName: body.name && personDisplayName(body.name) });
      const updated = await write(c, async ({ tx, audit, accountId, actorName, repeats }) => {
        const current = found(await findPerson(tx, accountId, id, true));
        const version = editedVersion(current, expected);
        if (await repeats({ resourceType: 'Person', resourceId: id, record: current, version, changes })) return current;
        const before = editable(current, version);
        const after = await updateVersioned({ tx, accountId, actorName }, persons, { key: persons.id, id, version }, changes);
        await audit({ action: 'update', resourceType: 'Person', resourceId: id, before: presentPerson(before), after: presentPerson(after) });
        return after;
      });
      return c.json(presentPerson(updated));
    },
  )
  // --------------------------------------------------------------------------------- users
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
  })
  // ------------------------------------------------------------------------- practitioners
  .get('/practitioners', requires('/person/practitioners', 'GET'), query(practitionerListQuerySchema), async (c) => {
    const list = await listPractitioners(c.var.deps.db, c.var.account.id, c.req.valid('query'));
    recordReads(c, 'Practitioner', 'list', list.items.map((item) => item.id));
    return c.json(list);
  })
  .post('/practitioners/:id', requires('/person/practitioners/{id}', 'POST'), idParam(), jsonLimit, json(practitionerCreateSchema), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    await write(c, async ({ tx, audit, accountId, actorName }) => {
      const person = found(await findPerson(tx, accountId, id, true));
      if (person.practitionerRecord || (await findPractitioner(tx, accountId, id))) throw conflict(messages.practitionerExists);
      const [practitioner] = await tx
        .insert(practitioners)
        .values({
          ...sent(body),
          personId: id,
          accountId,
          createdBy: actorName,
          modifiedBy: actorName,
          name: body.name ?? person.displayName,
        })
        .returning();
      await flagPerson(tx, accountId, id, { practitionerRecord: true });
      await audit({ action: 'create', resourceType: 'Practitioner', resourceId: id, after: presentPractitioner(practitioner!, null) });
    });
    return c.json({ id }, 201);
  })
  .get('/practitioners/:id', requires('/person/practitioners/{id}', 'GET'), idParam(), async (c) => {
    const { db } = c.var.deps;
    const { id } = c.req.valid('param');
    const row = found(await findPractitioner(db, c.var.account.id, id));
    const practitioner = presentPractitioner(row, await photoMeta(db, c.var.account.id, id), await contactPointsOf(db, c.var.account.id, id));
    recordReads(c, 'Practitioner', 'view', [practitioner.id]);
    return c.json(practitioner);
  })
  .patch('/practitioners/:id', requires('/person/practitioners/{id}', 'PATCH'), idParam(), jsonLimit, json(practitionerPatchSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { version: sentVersion, photo, ...body } = c.req.valid('json');
    const expected = expectedVersion(c, sentVersion);
    const changes = sent(body);
    const updated = await write(c, async ({ tx, audit, accountId, actorName, repeats }) => {
      const current = found(await findPractitioner(tx, accountId, id, true));
      const version = editedVersion(current, expected);
      const photoAsAsked = photo !== null || !(await photoMeta(tx, accountId, id));
      if (photoAsAsked && (await repeats({ resourceType: 'Practitioner', resourceId: id, record: current, version, changes }))) return current;
      const before = editable(current, version);
      const after = await updateVersioned({ tx, accountId, actorName }, practitioners, { key: practitioners.personId, id, version }, changes);
      await audit({ action: 'update', resourceType: 'Practitioner', resourceId: id, before: presentPractitioner(before, null), after: presentPractitioner(after, null) });
      if (photo === null) {
        const [removed] = await tx
          .delete(practitionerPhotos)
          .where(and(eq(practitionerPhotos.accountId, accountId), eq(practitionerPhotos.personId, id)))
          .returning(photoColumns);
        if (removed) await audit({ action: 'delete', resourceType: 'PractitionerPhoto', resourceId: id, before: removed });
      }
      return after;
    });
    const { db } = c.var.deps;
    return c.json(presentPractitioner(updated, await photoMeta(db, updated.accountId, id), await contactPointsOf(db, updated.accountId, id)));
  })
  .delete('/practitioners/:id', requires('/person/practitioners/{id}', 'DELETE'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    await write(c, async ({ tx, audit, accountId }) => {
      const before = found(await findPractitioner(tx, accountId, id, true));
      // The photo goes with it (foreign key cascade).
      await tx.delete(practitioners).where(and(eq(practitioners.accountId, accountId), eq(practitioners.personId, id)));
      // Deleted for good: its tags go too (a practitioner made again later starts untagged).
      await removeTagsOf(tx, accountId, 'Practitioner', id);
      await flagPerson(tx, accountId, id, { practitionerRecord: false });
      await audit({ action: 'delete', resourceType: 'Practitioner', resourceId: id, before: presentPractitioner(before, null) });
    });
    return c.body(null, 204);
  })
  /**
   * The photo: a raw PNG or JPEG body (Content-Type image/png or image/jpeg) of at most 1 MB.
   * Its own sub-resource: uploading it does not change the practitioner's version, so a form
   * being edited is not made stale by its own photo upload.
   */
  .put(
    '/practitioners/:id/photo',
    requires('/person/practitioners/{id}', 'PATCH'),
    idParam(),
    bodyLimit({
      maxSize: practitionerPhotoMaxBytes,
      onError: () => {
        throw photoTooLarge();
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const declared = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.length > practitionerPhotoMaxBytes) throw photoTooLarge();
      const actual = imageType(bytes);
      if (!actual || (declared !== actual && !(declared === 'image/jpg' && actual === 'image/jpeg'))) {
        throw badRequest(messages.photoType, { photo: messages.photoType });
      }
      const meta = await write(c, async ({ tx, audit, accountId, actorName }) => {
        found(await findPractitioner(tx, accountId, id, true));
        const before = await photoMeta(tx, accountId, id);
        const values = { contentType: actual, size: bytes.length, bytes: Buffer.from(bytes), modifiedBy: actorName, modifiedTimestamp: sql`now()` };
        const [row] = await tx
          .insert(practitionerPhotos)
          .values({ personId: id, accountId, ...values })
          .onConflictDoUpdate({ target: practitionerPhotos.personId, set: values })
          .returning(photoColumns);
        await audit({ action: before ? 'update' : 'create', resourceType: 'PractitionerPhoto', resourceId: id, before, after: row });
        return row!;
      });
      return c.json(presentPhoto(id, meta));
    },
  )
  .get('/practitioners/:id/photo', requires('/person/practitioners/{id}', 'GET'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    const [row] = await c.var.deps.db
      .select({ contentType: practitionerPhotos.contentType, bytes: practitionerPhotos.bytes })
      .from(practitionerPhotos)
      .where(and(eq(practitionerPhotos.accountId, c.var.account.id), eq(practitionerPhotos.personId, id)));
    if (!row) throw notFound(messages.photoMissing);
    return c.body(new Uint8Array(row.bytes), 200, {
      'Content-Type': row.contentType,
      'Content-Length': String(row.bytes.length),
      // Private: the photo belongs to an account; the SPA refetches after an upload anyway.
      'Cache-Control': 'private, no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
  });
