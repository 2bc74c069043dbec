import { eq, sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages.ts';
import { grantAll } from '../../../domain/permissions.ts';
import type { User, UserList } from '../../../domain/persons.ts';
import { defaultRoles, practiceResources } from '../../db/default-roles.ts';
import { roles, users } from '../../db/schema/index.ts';
import { demoAccounts, demoPeople, roleId, seedId } from '../../seed/seed.ts';
import { peopleTestKit } from '../../test/people-kit.ts';
import { createHarness, type Harness } from '../../test/harness.ts';

/**
 * Users (server/routes/users/): a person's sign-in and role, at /person/users; who may grant which
 * role; and the edges of instance administrators' records. What the persons' API shares with
 * them (tenancy, Read Only, lists, search) is in server/routes/persons/.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const { snapshot, auditRows, send, errorOf, name, createPerson, getPerson } = peopleTestKit(() => h);

describe('users', () => {
  it('lists the demo sign-ins of the account alongside the seeded users', async () => {
    const list = (await (await h.call('manager', '/person/users?limit=50')).json()) as UserList;
    expect(list.total).toBe(demoPeople.users + 2);
    expect(list.Items.map((u) => u.name)).toEqual(expect.arrayContaining(['Maria Lopez', 'Victor Chen']));
    const manager = (await (await h.call('manager', `/person/users/${seedId('person:manager')}`)).json()) as User;
    expect(manager).toMatchObject({
      id: seedId('person:manager'),
      email: 'manager@astera.test',
      resourceType: 'User',
      userPolicy: { accessPolicy: { role: 'Practice Administrator', roleId: roleId('riverside', 'Practice Administrator') } },
      instanceAdmin: false,
    });
    expect((await getPerson('manager', seedId('person:manager'))).userRecord).toBe(true);
  });

  const userValidation: [string, unknown, string, string][] = [
    ['no email', { principalId: 'p1' }, 'email', messages.emailRequired],
    ['an empty email', { email: ' ', principalId: 'p1' }, 'email', messages.emailRequired],
    ['an invalid email', { email: 'not-an-email', principalId: 'p1' }, 'email', messages.emailInvalid],
    ['no principalId', { email: 'a@riverside.test' }, 'principalId', messages.principalIdRequired],
    ['an empty principalId', { email: 'a@riverside.test', principalId: '' }, 'principalId', messages.principalIdRequired],
    ['a malformed roleId', { email: 'a@riverside.test', principalId: 'p1', roleId: 'admin' }, 'roleId', messages.roleIdInvalid],
  ];
  it.each(userValidation)('refuses a user with %s', async (_, body, field, message) => {
    const { id } = await createPerson('manager', { name: [name('User', 'Candidate')] });
    // What jobs write after a request (a new user's notifications, audited) lands first: counted mid-way, the audit grew by one between the two snapshots (CI).
    await h.jobs.drained();
    const before = await snapshot();
    const res = await send('manager', 'POST', `/person/users/${id}`, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.[field]).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('makes a user record from a person, once', async () => {
    const { id } = await createPerson('manager', { name: [name('Noor', 'Haddad')] });
    const res = await send('manager', 'POST', `/person/users/${id}`, {
      email: ' Noor.Haddad@Riverside.test ',
      principalId: 'auth0|noor',
      roleId: roleId('riverside', 'Practice Administrator'),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id });
    const user = (await (await h.call('manager', `/person/users/${id}`)).json()) as User;
    expect(user).toMatchObject({
      id,
      personId: id,
      name: 'Noor Haddad',
      email: 'noor.haddad@riverside.test',
      principalId: 'auth0|noor',
      active: true,
      instanceAdmin: false,
      version: 1,
      userPolicy: { accessPolicy: { role: 'Practice Administrator' } },
    });
    expect((await getPerson('manager', id)).userRecord).toBe(true);

    const again = await send('manager', 'POST', `/person/users/${id}`, { email: 'x@riverside.test', principalId: 'auth0|other' });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(messages.userExists);
    expect((await send('manager', 'POST', `/person/users/${seedId('person:nobody')}`, { email: 'x@riverside.test', principalId: 'p' })).status).toBe(404);
  });

  it('refuses a taken principalId, a role of another account, and instance administration from a non-administrator', async () => {
    const { id } = await createPerson('manager', { name: [name('Dup', 'Principal')] });
    await h.jobs.drained();
    const before = await snapshot();
    const taken = await send('manager', 'POST', `/person/users/${id}`, { email: 'd@riverside.test', principalId: seedId('principal:admin') });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).fields?.principalId).toBe(messages.principalIdTaken);
    const foreignRole = await send('manager', 'POST', `/person/users/${id}`, { email: 'd@riverside.test', principalId: 'p-dup', roleId: roleId('astera', 'Administrator') });
    expect(foreignRole.status).toBe(400);
    expect((await errorOf(foreignRole)).fields?.roleId).toBe(messages.roleNotFound);
    const admin = await send('manager', 'POST', `/person/users/${id}`, { email: 'd@riverside.test', principalId: 'p-dup', instanceAdmin: true });
    expect(admin.status).toBe(403);
    expect((await errorOf(admin)).message).toBe(messages.instanceAdminOnly);
    expect(await snapshot()).toEqual(before);

    expect((await send('admin', 'POST', `/person/users/${id}?accountId=${h.accounts.riverside.id}`, { email: 'd@riverside.test', principalId: 'p-dup', instanceAdmin: true })).status).toBe(201);
    const [row] = await h.db.select().from(users).where(eq(users.personId, id));
    expect(row?.instanceAdmin).toBe(true);
  });

  it('updates with a version check and deletes a user record (not one’s own)', async () => {
    const { id } = await createPerson('manager', { name: [name('Edit', 'Able')] });
    await send('manager', 'POST', `/person/users/${id}`, { email: 'edit@riverside.test', principalId: 'p-edit' });
    const res = await send('manager', 'PATCH', `/person/users/${id}`, { version: 1, active: false, email: 'Edited@Riverside.test', principalId: 'p-edit', createdBy: 'x' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ active: false, email: 'edited@riverside.test', version: 2, createdBy: 'Maria Lopez' });
    expect((await send('manager', 'PATCH', `/person/users/${id}`, { version: 1, active: true })).status).toBe(409);
    expect((await send('manager', 'PATCH', `/person/users/${id}`, { version: 2, email: 'bad' })).status).toBe(400);
    expect((await send('manager', 'PATCH', `/person/users/${id}`, { version: 2, instanceAdmin: true })).status).toBe(403);

    expect((await send('manager', 'DELETE', `/person/users/${id}`)).status).toBe(204);
    expect((await h.call('manager', `/person/users/${id}`)).status).toBe(404);
    expect((await getPerson('manager', id)).userRecord).toBe(false);
    const self = await send('manager', 'DELETE', `/person/users/${seedId('person:manager')}`);
    expect(self.status).toBe(403);
    expect((await errorOf(self)).message).toBe(messages.cannotDeleteSelf);
  });
});

describe('granting roles', () => {
  it('a user may grant only a role whose permissions their own role has; nothing is written otherwise', async () => {
    for (const [role, status] of [['Administrator', 403], ['Read Only', 201], ['Practice Administrator', 201]] as const) {
      const { id } = await createPerson('manager', { name: [name('Grant', role.replace(/ /g, ''))] });
      await h.jobs.drained();
      const before = await snapshot();
      const res = await send('manager', 'POST', `/person/users/${id}`, { email: `${id.slice(0, 8)}@riverside.test`, principalId: `grant-${id}`, roleId: roleId('riverside', role) });
      expect(res.status).toBe(status);
      if (status === 403) {
        expect((await errorOf(res)).fields?.roleId).toBe(messages.roleBeyondOwn);
        expect(await snapshot()).toEqual(before);
      }
    }
  });

  it('the same holds when changing the role of an existing user, and an instance administrator may grant any role', async () => {
    const { id } = await createPerson('manager', { name: [name('Role', 'Changer')] });
    expect((await send('manager', 'POST', `/person/users/${id}`, { email: 'role.changer@riverside.test', principalId: 'role-changer' })).status).toBe(201);
    const user = (await (await h.call('manager', `/person/users/${id}`)).json()) as User;
    const escalate = await send('manager', 'PATCH', `/person/users/${id}`, { version: user.version, roleId: roleId('riverside', 'Administrator') });
    expect(escalate.status).toBe(403);
    const byAdmin = await send('admin', 'PATCH', `/person/users/${id}?accountId=${demoAccounts.riverside.id}`, { version: user.version, roleId: roleId('riverside', 'Administrator') });
    expect(byAdmin.status).toBe(200);
  });

  it('a save that keeps the role needs no grant of it (issue 24): a practice administrator edits a Read Only user', async () => {
    const viewer = seedId('person:viewer');
    const user = (await (await h.call('manager', `/person/users/${viewer}`)).json()) as User;
    expect(user.userPolicy.accessPolicy.role).toBe('Read Only');
    const keep = await send('manager', 'PATCH', `/person/users/${viewer}`, { version: user.version, name: 'Victor Chen', roleId: user.roleId, active: true });
    expect(keep.status).toBe(200);
    const saved = (await keep.json()) as User;
    expect(saved).toMatchObject({ roleId: roleId('riverside', 'Read Only'), userPolicy: { accessPolicy: { role: 'Read Only' } } });
    // Changing to a role beyond one's own still is a grant.
    const change = await send('manager', 'PATCH', `/person/users/${viewer}`, { version: saved.version, roleId: roleId('riverside', 'Administrator') });
    expect(change.status).toBe(403);
  });

  it("the practice's administrator manages its Read Only users (issue 40): their email, active state and role", async () => {
    const { id } = await createPerson('manager', { name: [name('Rhea', 'Reader')] });
    expect((await send('manager', 'POST', `/person/users/${id}`, { email: 'rhea.reader@riverside.test', principalId: 'rhea-reader', roleId: roleId('riverside', 'Read Only') })).status).toBe(201);
    const user = (await (await h.call('manager', `/person/users/${id}`)).json()) as User;
    expect(user).toMatchObject({ userPolicy: { accessPolicy: { role: 'Read Only' } }, roleBeyondYours: false });
    const edit = await send('manager', 'PATCH', `/person/users/${id}`, { version: user.version, email: 'rhea.r@riverside.test', active: false, roleId: roleId('riverside', 'Practice Administrator') });
    expect(edit.status).toBe(200);
    expect(await edit.json()).toMatchObject({ email: 'rhea.r@riverside.test', active: false, userPolicy: { accessPolicy: { role: 'Practice Administrator' } } });
    const back = (await (await h.call('manager', `/person/users/${id}`)).json()) as User;
    expect((await send('manager', 'PATCH', `/person/users/${id}`, { version: back.version, roleId: roleId('riverside', 'Read Only'), active: true })).status).toBe(200);
  });

  it('the practice administrator lists the roles, each saying whether it may give it (issue 40)', async () => {
    const res = await h.call('manager', '/permissions/roles');
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: { name: string; roleBeyondYours?: boolean }[] };
    const beyond = Object.fromEntries(items.map((r) => [r.name, r.roleBeyondYours]));
    expect(beyond).toMatchObject({ Administrator: true, 'Read Only': false, 'Practice Administrator': false });
  });

  it("migration 0037 gives existing Practice Administrator roles Read Only's reads, keeping what they hold, and touches no other role", async () => {
    const lakeside = (role: string) => roleId('lakeside', role);
    const [before] = await h.db.select({ resources: roles.resources }).from(roles).where(eq(roles.id, lakeside('Practice Administrator')));
    const old = { ...grantAll((r) => practiceResources().has(r)), '/permissions/roles': { POST: true } };
    await h.db.update(roles).set({ resources: old }).where(eq(roles.id, lakeside('Practice Administrator')));
    const [scheduler] = await h.db.select({ resources: roles.resources }).from(roles).where(eq(roles.id, lakeside('Scheduler')));
    try {
      const migration = await readFile(new URL('../../db/migrations/0037_practice_admin_reads.sql', import.meta.url), 'utf8');
      await h.db.execute(sql.raw(migration));
      const [after] = await h.db.select({ resources: roles.resources }).from(roles).where(eq(roles.id, lakeside('Practice Administrator')));
      expect(after!.resources).toEqual({ ...defaultRoles.practiceAdministrator.resources, '/permissions/roles': { GET: true, POST: true } });
      const [schedulerAfter] = await h.db.select({ resources: roles.resources }).from(roles).where(eq(roles.id, lakeside('Scheduler')));
      expect(schedulerAfter).toEqual(scheduler);
    } finally {
      await h.db.update(roles).set({ resources: before!.resources }).where(eq(roles.id, lakeside('Practice Administrator')));
    }
  });
});

describe("a user whose role is beyond the editor's (issue 24)", () => {
  /** A Riverside user with the Administrator role, made by an instance administrator. */
  async function administratorUser(tag: string) {
    const { id } = await createPerson('manager', { name: [name('Ada', `Admin${tag}`)] });
    const made = await send('admin', 'POST', `/person/users/${id}?accountId=${demoAccounts.riverside.id}`, {
      email: `ada.${tag}@riverside.test`,
      principalId: `ada-${tag}`,
      roleId: roleId('riverside', 'Administrator'),
    });
    expect(made.status).toBe(201);
    const user = (await (await h.call('manager', `/person/users/${id}`)).json()) as User;
    return user;
  }

  it('a practice administrator may not change its principalId, email, active state or role, nor delete it: 403 naming why, nothing written', async () => {
    const user = await administratorUser('edit');
    expect(user.roleBeyondYours).toBe(true);
    await h.jobs.drained();
    const before = await snapshot();
    for (const change of [
      { principalId: seedId('principal:manager') + '-mine' },
      { email: 'mine@riverside.test' },
      { active: false },
      { roleId: roleId('riverside', 'Practice Administrator') },
    ]) {
      const res = await send('manager', 'PATCH', `/person/users/${user.id}`, { version: user.version, ...change });
      expect(res.status, JSON.stringify(change)).toBe(403);
      const error = await errorOf(res);
      expect(error.message).toBe(messages.userRoleBeyondOwn);
      expect(error.fields).toEqual({ [Object.keys(change)[0]!]: messages.userRoleBeyondOwn });
    }
    const removed = await send('manager', 'DELETE', `/person/users/${user.id}`);
    expect(removed.status).toBe(403);
    expect((await errorOf(removed)).message).toBe(messages.userRoleBeyondOwn);
    expect(await snapshot()).toEqual(before);
    expect(await (await h.call('manager', `/person/users/${user.id}`)).json()).toEqual(user);
  });

  it('the form sends every field: a save that keeps them passes, and the other fields may change', async () => {
    const user = await administratorUser('keep');
    const res = await send('manager', 'PATCH', `/person/users/${user.id}`, {
      version: user.version,
      name: 'Ada Renamed',
      email: user.email.toUpperCase(),
      principalId: user.principalId,
      active: user.active,
      roleId: user.roleId,
      source: 'okta',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Ada Renamed', email: user.email, principalId: user.principalId, roleBeyondYours: true });
  });

  it('an instance administrator may; a user within the editor’s role is not locked', async () => {
    const user = await administratorUser('admin');
    const asAdmin = (await (await h.call('admin', `/person/users/${user.id}?accountId=${demoAccounts.riverside.id}`)).json()) as User;
    expect(asAdmin.roleBeyondYours).toBe(false);
    const res = await send('admin', 'PATCH', `/person/users/${user.id}?accountId=${demoAccounts.riverside.id}`, { version: user.version, principalId: 'ada-admin-2', active: false });
    expect(res.status).toBe(200);
    expect((await send('admin', 'DELETE', `/person/users/${user.id}?accountId=${demoAccounts.riverside.id}`)).status).toBe(204);

    const { id } = await createPerson('manager', { name: [name('Pat', 'Peer')] });
    expect((await send('manager', 'POST', `/person/users/${id}`, { email: 'pat.peer@riverside.test', principalId: 'pat-peer', roleId: roleId('riverside', 'Practice Administrator') })).status).toBe(201);
    const peer = (await (await h.call('manager', `/person/users/${id}`)).json()) as User;
    expect(peer.roleBeyondYours).toBe(false);
    const edit = await send('manager', 'PATCH', `/person/users/${id}`, { version: peer.version, principalId: 'pat-peer-2', email: 'pat2@riverside.test', active: false });
    expect(edit.status).toBe(200);
    expect((await send('manager', 'DELETE', `/person/users/${id}`)).status).toBe(204);
  });

  it("making a user (POST, and 'Make user' from a person) cannot point at the sign-in of such a user: its principalId is taken (409), nothing written", async () => {
    const user = await administratorUser('make');
    const { id } = await createPerson('manager', { name: [name('Copy', 'Cat')] });
    await h.jobs.drained();
    const before = await snapshot();
    const res = await send('manager', 'POST', `/person/users/${id}`, { email: 'copy.cat@riverside.test', principalId: user.principalId });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).fields?.principalId).toBe(messages.principalIdTaken);
    expect(await snapshot()).toEqual(before);
  });
});

describe('instance administrators’ user records', () => {
  it('only an instance administrator may change or delete one', async () => {
    const { id } = await createPerson('manager', { name: [name('Super', 'User')] });
    const created = await send('admin', 'POST', `/person/users/${id}?accountId=${h.accounts.riverside.id}`, {
      email: 'super@riverside.test',
      principalId: 'auth0|super',
      instanceAdmin: true,
    });
    expect(created.status).toBe(201);
    const before = await auditRows();

    // A practice administrator pointing the record at a sign-in of their own would become an instance administrator.
    const takeover = await send('manager', 'PATCH', `/person/users/${id}`, { version: 1, principalId: 'auth0|mallory' });
    expect(takeover.status).toBe(403);
    expect((await errorOf(takeover)).message).toBe(messages.forbidden);
    const removal = await send('manager', 'DELETE', `/person/users/${id}`);
    expect(removal.status).toBe(403);
    expect(await auditRows()).toBe(before);
    const [row] = await h.db.select().from(users).where(eq(users.personId, id));
    expect(row).toMatchObject({ principalId: 'auth0|super', instanceAdmin: true });

    const edited = await send('admin', 'PATCH', `/person/users/${id}?accountId=${h.accounts.riverside.id}`, { version: 1, active: false });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as User).active).toBe(false);
  });
});
