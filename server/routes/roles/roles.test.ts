import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages.ts';
import type { ResourceGrants } from '../../../domain/permissions.ts';
import { roleMessages, roleNameTaken, roleStillHeld, type Policy, type Role, type RoleDetail, type RoleList, type TrustTargets } from '../../../domain/roles.ts';
import { demoRoles } from '../../seed/demo-roles.ts';
import { auditLog, roles, users } from '../../db/schema/index.ts';
import { roleId, seedId } from '../../seed/seed.ts';
import { fileHarness, type DemoUser } from '../../test/harness.ts';
import { type ErrorBody, errorOf } from '../../test/record-api.ts';
import { riversideHolderOf } from '../../test/role-holder.ts';

const h = fileHarness();

/** The instance administrator acts in Riverside, where the practice users are. */
const asAdmin = (method: string, path: string, json?: unknown) => h.call('admin', `${path}${path.includes('?') ? '&' : '?'}accountId=${h.accounts.riverside.id}`, { method, json });
const send = (user: DemoUser, method: string, path: string, json?: unknown) => h.call(user, path, { method, json });

let unique = 0;
const roleName = (prefix: string) => `${prefix} ${++unique}`;

async function create(body: Record<string, unknown>) {
  const res = await asAdmin('POST', '/permissions/roles', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
const get = async (id: string) => (await (await asAdmin('GET', `/permissions/roles/${id}`)).json()) as RoleDetail;
const lastAudit = async (id: string) => (await h.db.select().from(auditLog).where(eq(auditLog.resourceId, id)).orderBy(desc(auditLog.id)).limit(1))[0];

/** Gives Read Only (the viewer's role) extra grants for one test, then puts it back. */
async function withViewerGrants(extra: ResourceGrants, run: () => Promise<void>) {
  const readOnly = roleId('riverside', 'Read Only');
  const [role] = await h.db.select({ resources: roles.resources }).from(roles).where(eq(roles.id, readOnly));
  await h.db.update(roles).set({ resources: { ...role!.resources, ...extra } }).where(eq(roles.id, readOnly));
  h.callers.clear();
  try {
    await run();
  } finally {
    await h.db.update(roles).set({ resources: role!.resources }).where(eq(roles.id, readOnly));
    h.callers.clear();
  }
}
const roleWriter: ResourceGrants = {
  '/permissions/roles': { GET: true, POST: true },
  '/permissions/roles/{id}': { GET: true, PATCH: true, DELETE: true },
};

const ccpConfig = {
  awsConnect: {
    accountId: '123456789012',
    instanceId: 'f0e1d2c3-0000-4000-8000-000000000001',
    region: 'us-east-1',
    ccpUrl: 'https://example.my.connect.aws/ccp-v2',
    loginUrl: 'https://example.awsapps.com/start',
    defaultProvisionProfile: { acwTimeout: 45, autoAnswer: true, hierarchyGroupId: 'hg-1', routingProfileId: 'rp-1', securityProfileId: 'sp-1' },
  },
  spiceDomain: 'spice.example.test',
  spiceDomain2: 'spice2.example.test',
  allowPauseResumeRecording: true,
};

describe('create, read, list (spec §3, §7)', () => {
  it('stores name, grants, trust maps and softphone settings, answers them, and audits the create', async () => {
    const name = roleName('Front desk');
    const id = await create({
      name,
      resources: { '/person/persons': { GET: true, POST: true, DELETE: false }, '/locations/locations': { GET: true } },
      trustedRelationships: { [h.accounts.lakeside.id.toUpperCase()]: roleId('lakeside', 'Read Only') },
      assumeRoles: { [h.accounts.lakeside.id]: roleId('lakeside', 'Read Only') },
      ccpConfig,
    });
    const role = await get(id);
    expect(role).toMatchObject({
      resourceType: 'Role',
      id,
      accountId: h.accounts.riverside.id,
      version: 1,
      name,
      // `false` grants nothing and is not kept.
      resources: { '/person/persons': { GET: true, POST: true }, '/locations/locations': { GET: true } },
      trustedRelationships: { [h.accounts.lakeside.id]: roleId('lakeside', 'Read Only') },
      assumeRoles: { [h.accounts.lakeside.id]: roleId('lakeside', 'Read Only') },
      ccpConfig,
      userCount: 0,
      associatedUsers: [],
    });
    expect(await lastAudit(id)).toMatchObject({ action: 'create', resourceType: 'Role', accountId: h.accounts.riverside.id });
  });

  it('empty softphone settings and empty maps are left out (no configuration at all is null)', async () => {
    const id = await create({ name: roleName('Bare'), ccpConfig: { awsConnect: { accountId: '', defaultProvisionProfile: {} }, spiceDomain: ' ' } });
    expect((await get(id)).ccpConfig).toBeNull();
    const other = await create({ name: roleName('Partial'), ccpConfig: { awsConnect: { region: 'eu-west-2', defaultProvisionProfile: { acwTimeout: 0 } }, spiceDomain: '' } });
    expect((await get(other)).ccpConfig).toEqual({ awsConnect: { region: 'eu-west-2', defaultProvisionProfile: { acwTimeout: 0 } } });
  });

  it('lists the role with the number of users holding it; the page lists those users', async () => {
    const res = await h.call('viewer', '/permissions/roles');
    const { items } = (await res.json()) as RoleList;
    const readOnly = items.find((r) => r.id === roleId('riverside', 'Read Only'))!;
    const holders = await h.db.select({ id: users.personId }).from(users).where(and(eq(users.accountId, h.accounts.riverside.id), eq(users.roleId, readOnly.id)));
    expect(holders.length).toBeGreaterThan(0);
    expect(readOnly.userCount).toBe(holders.length);
    const detail = (await (await h.call('viewer', `/permissions/roles/${readOnly.id}`)).json()) as RoleDetail;
    expect(detail.associatedUsers.map((u) => u.id).sort()).toEqual(holders.map((u) => u.id).sort());
    expect(detail.associatedUsers.find((u) => u.id === seedId('person:viewer'))).toMatchObject({ name: 'Victor Chen', email: 'viewer@astera.test' });
  });

  it('pages, sorts by users and filters by name when asked (without paging every role is answered)', async () => {
    const res = await h.call('viewer', '/permissions/roles?limit=10&sort=users&order=desc&q=read');
    const list = (await res.json()) as RoleList;
    expect(list).toMatchObject({ limit: 10, offset: 0, total: 1 });
    expect(list.items.map((r) => r.name)).toEqual(['Read Only']);
    const all = (await (await h.call('viewer', '/permissions/roles')).json()) as RoleList;
    expect(all.limit).toBeNull();
    expect(all.items.length).toBe(all.total);
  });

  it('the seed gives every account a Scheduler and a Call-center agent', async () => {
    for (const account of ['astera', 'riverside', 'lakeside'] as const) {
      for (const demo of demoRoles()) {
        const [row] = await h.db.select().from(roles).where(eq(roles.id, roleId(account, demo.name)));
        expect(row).toMatchObject({ accountId: h.accounts[account].id, name: demo.name, resources: demo.resources });
      }
    }
    const [scheduler] = await h.db.select().from(roles).where(eq(roles.id, roleId('riverside', 'Scheduler')));
    expect(scheduler!.resources['/schedule/schedule']).toEqual({ GET: true, POST: true, PATCH: true, DELETE: true });
    expect(scheduler!.resources['/person/practitioners']).toEqual({ GET: true });
  });
});

describe('validation', () => {
  it('a role name is required and at most 100 characters; the field says so', async () => {
    for (const [body, message] of [
      [{}, roleMessages.nameRequired],
      [{ name: '   ' }, roleMessages.nameRequired],
      [{ name: 'x'.repeat(101) }, roleMessages.nameTooLong],
    ] as const) {
      const res = await asAdmin('POST', '/permissions/roles', body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields?.name).toBe(message);
    }
  });

  it('grants only for catalogue resources and their methods', async () => {
    for (const resources of [{ '/nope': { GET: true } }, { '/permissions/accesspolicy': { POST: true } }, { '/person/persons': { GET: 'yes' } }, { '/person/persons': ['GET'] }]) {
      const res = await asAdmin('POST', '/permissions/roles', { name: roleName('Bad grants'), resources });
      expect(res.status).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {}).some((k) => k.startsWith('resources'))).toBe(true);
    }
  });

  it('trust maps take account ids to role ids; the ACW timeout is a whole number; nothing is echoed', async () => {
    const trust = await asAdmin('POST', '/permissions/roles', { name: roleName('Bad trust'), assumeRoles: { 'not-an-account': '<script>' } });
    expect(trust.status).toBe(400);
    const text = await trust.text();
    expect(text).not.toContain('<script>');
    expect((JSON.parse(text) as ErrorBody).error.fields?.assumeRoles).toBe(roleMessages.assumeRolesInvalid);
    const acw = await asAdmin('POST', '/permissions/roles', { name: roleName('Bad acw'), ccpConfig: { awsConnect: { defaultProvisionProfile: { acwTimeout: 2.5 } } } });
    expect(acw.status).toBe(400);
    expect((await errorOf(acw)).fields?.['ccpConfig.awsConnect.defaultProvisionProfile.acwTimeout']).toBe(roleMessages.acwTimeoutInvalid);
  });

  it('names are unique in the account without case: 409 on the name field', async () => {
    const res = await asAdmin('POST', '/permissions/roles', { name: 'read only' });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).fields?.name).toBe(roleNameTaken);
    const id = await create({ name: roleName('Rename me') });
    const clash = await asAdmin('PATCH', `/permissions/roles/${id}`, { version: 1, name: 'SCHEDULER' });
    expect(clash.status).toBe(409);
    expect((await errorOf(clash)).fields?.name).toBe(roleNameTaken);
  });
});

describe('edit (versioned)', () => {
  it('changes what is sent, bumps the version, audits before and after; a stale version is 409', async () => {
    const id = await create({ name: roleName('Editable'), resources: { '/issues': { GET: true } }, ccpConfig });
    const res = await asAdmin('PATCH', `/permissions/roles/${id}`, { version: 1, resources: { '/issues': { GET: true, POST: true } }, ccpConfig: null });
    expect(res.status).toBe(200);
    const role = (await res.json()) as Role;
    expect(role).toMatchObject({ version: 2, resources: { '/issues': { GET: true, POST: true } }, ccpConfig: null });
    expect(role.name).toMatch(/^Editable/);
    expect(await lastAudit(id)).toMatchObject({ action: 'update', before: { version: 1, ccpConfig }, after: { version: 2, ccpConfig: null } });
    const stale = await asAdmin('PATCH', `/permissions/roles/${id}`, { version: 1, name: roleName('Stale') });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).message).toBe(messages.conflict);
    expect((await get(id)).version).toBe(2);
  });

  it("takes effect on the holder's next request (the caller cache is cleared by the role write)", async () => {
    // One token for every call, so the cached caller (keyed by the token's id) is what is tested.
    const token = await h.token('viewer');
    const asViewer = () => h.call('viewer', '/person/persons', { token });
    expect(h.callers.listening).toBe(true);
    const first = await asViewer();
    expect(first.status).toBe(200);
    const stamp = first.headers.get('X-Access-Policy');
    expect(stamp).toBeTruthy();
    const readOnly = roleId('riverside', 'Read Only');
    const before = await get(readOnly);
    const { '/person/persons': _persons, ...rest } = before.resources;
    const res = await asAdmin('PATCH', `/permissions/roles/${readOnly}`, { version: before.version, resources: rest });
    expect(res.status).toBe(200);
    try {
      const refused = await asViewer();
      expect(refused.status).toBe(403);
      // The answer tells the SPA the role changed, so it reloads the policy (menus) at once.
      expect(refused.headers.get('X-Access-Policy')).toBeTruthy();
      expect(refused.headers.get('X-Access-Policy')).not.toBe(stamp);
      const policy = (await (await h.call('viewer', '/permissions/accesspolicy', { token })).json()) as { resources: ResourceGrants };
      expect(policy.resources['/person/persons']).toBeUndefined();
    } finally {
      const now = await get(readOnly);
      expect((await asAdmin('PATCH', `/permissions/roles/${readOnly}`, { version: now.version, resources: before.resources })).status).toBe(200);
    }
    expect((await asViewer()).status).toBe(200);
  });
});

describe('a caller grants only what their own role holds (also on role writes)', () => {
  it('create: grants beyond the caller’s role are refused (403 on resources), within it allowed', async () => {
    await withViewerGrants(roleWriter, async () => {
      const beyond = await send('viewer', 'POST', '/permissions/roles', { name: roleName('Escalate'), resources: { '/person/persons': { GET: true, POST: true } } });
      expect(beyond.status).toBe(403);
      expect((await errorOf(beyond)).fields?.resources).toBe(messages.roleBeyondOwn);
      expect(await h.db.select().from(roles).where(eq(roles.name, `Escalate ${unique}`))).toHaveLength(0);
      const within = await send('viewer', 'POST', '/permissions/roles', { name: roleName('Reader'), resources: { '/person/persons': { GET: true } } });
      expect(within.status).toBe(201);
    });
  });

  it('edit: no one adds to a role (their own included) what they lack', async () => {
    await withViewerGrants(roleWriter, async () => {
      const own = (await (await h.call('viewer', `/permissions/roles/${roleId('riverside', 'Read Only')}`)).json()) as Role;
      const raise = await send('viewer', 'PATCH', `/permissions/roles/${own.id}`, { version: own.version, resources: { ...own.resources, '/person/persons': { GET: true, DELETE: true } } });
      expect(raise.status).toBe(403);
      expect((await errorOf(raise)).fields?.resources).toBe(messages.roleBeyondOwn);
    });
  });

  it('edit and delete: a role whose permissions exceed mine is refused (403, saying why), even a reduction or a rename; nothing written (issue 24)', async () => {
    const admin = await get(roleId('riverside', 'Administrator'));
    // Unheld, so only the rule refuses its delete (not the 409 of a held role).
    const beyond = await create({ name: roleName('Beyond mine'), resources: { '/person/persons': { GET: true, DELETE: true } } });
    await withViewerGrants({ ...roleWriter, '/permissions/policies/{id}': { GET: true, PATCH: true, DELETE: true } }, async () => {
      // The role's answer says so, for the form to lock it (an instance administrator's: not).
      expect(((await (await h.call('viewer', `/permissions/roles/${admin.id}`)).json()) as RoleDetail).roleBeyondYours).toBe(true);
      // Read Only (the viewer's role here) lacks DELETE on persons: taking it from the Administrator role is refused too.
      const fewer = { ...admin.resources, '/person/persons': { GET: true, POST: true, PATCH: true } };
      for (const [path, body] of [
        [`/permissions/roles/${admin.id}`, { version: admin.version, resources: fewer }],
        [`/permissions/roles/${admin.id}`, { version: admin.version, name: roleName('Administrator renamed') }],
        [`/permissions/policies/${admin.id}`, { version: admin.version, name: roleName('Administrator renamed') }],
        [`/permissions/roles/${beyond}`, { version: 1, resources: { '/person/persons': { GET: true } } }],
      ] as const) {
        const res = await send('viewer', 'PATCH', path, body);
        expect(res.status, path).toBe(403);
        expect((await errorOf(res)).message).toBe(messages.roleEditBeyondOwn);
      }
      expect(await get(admin.id)).toMatchObject({ version: admin.version, name: admin.name, resources: admin.resources });
      for (const prefix of ['/permissions/roles', '/permissions/policies']) {
        const res = await send('viewer', 'DELETE', `${prefix}/${beyond}`);
        expect(res.status).toBe(403);
        expect((await errorOf(res)).message).toBe(messages.roleEditBeyondOwn);
      }
      expect((await get(beyond)).version).toBe(1);
      // A role within mine may be edited and deleted.
      const mine = await send('viewer', 'POST', '/permissions/roles', { name: roleName('Within mine'), resources: { '/person/persons': { GET: true } } });
      expect(mine.status).toBe(201);
      const { id } = (await mine.json()) as { id: string };
      expect(((await (await h.call('viewer', `/permissions/roles/${id}`)).json()) as RoleDetail).roleBeyondYours).toBe(false);
      expect((await send('viewer', 'PATCH', `/permissions/roles/${id}`, { version: 1, name: roleName('Within mine renamed') })).status).toBe(200);
      expect((await send('viewer', 'DELETE', `/permissions/roles/${id}`)).status).toBe(204);
    });
    // An instance administrator may edit and delete anything.
    expect(admin.roleBeyondYours).toBe(false);
    expect((await asAdmin('PATCH', `/permissions/roles/${admin.id}`, { version: admin.version, resources: admin.resources, name: admin.name })).status).toBe(200);
    expect((await asAdmin('DELETE', `/permissions/roles/${beyond}`)).status).toBe(204);
  });

  it('the older policy shape is held to the same rule', async () => {
    await withViewerGrants({ '/permissions/policies': { GET: true, POST: true } }, async () => {
      const res = await send('viewer', 'POST', '/permissions/policies', { name: roleName('Policy escalate'), resources: { '/person/users': { actions: ['GET', 'PATCH'] } } });
      expect(res.status).toBe(403);
    });
  });
});

describe('trust is a grant too: trust and assume-role rows are bounded by the editor’s own role (issue 24)', () => {
  const lakeside = () => h.accounts.lakeside.id;
  const fields = ['trustedRelationships', 'assumeRoles'] as const;
  const versionOf = async (id: string) => (await h.db.select({ version: roles.version }).from(roles).where(eq(roles.id, id)))[0]!.version;

  it.each(fields)('%s: editing the rows of a role whose permissions exceed mine is refused (403, saying why), nothing written', async (field) => {
    await withViewerGrants(roleWriter, async () => {
      // The viewer's role only manages roles; Riverside's Administrator holds everything.
      const administrator = roleId('riverside', 'Administrator');
      const version = await versionOf(administrator);
      const res = await send('viewer', 'PATCH', `/permissions/roles/${administrator}`, { version, [field]: { [lakeside()]: roleId('lakeside', 'Read Only') } });
      expect(res.status).toBe(403);
      // Any edit of a role beyond mine is refused (see above), its rows too.
      expect((await errorOf(res)).message).toBe(messages.roleEditBeyondOwn);
      expect(await versionOf(administrator)).toBe(version);
      expect((await get(administrator))[field]).toEqual({});
      // The older policy shape is held to the same rule.
      const policy = await send('viewer', 'PATCH', `/permissions/policies/${administrator}`, { version, roleAssociations: { [field]: { [lakeside()]: roleId('lakeside', 'Read Only') } } });
      expect(policy.status).toBe(403);
    });
  });

  it.each(fields)('%s: pointing a row at a role whose permissions exceed mine is refused (403, saying why), on create and on edit', async (field) => {
    await withViewerGrants({ ...roleWriter, '/permissions/policies': { GET: true, POST: true } }, async () => {
      const atAdministrator = { [lakeside()]: roleId('lakeside', 'Administrator') };
      const created = await send('viewer', 'POST', '/permissions/roles', { name: roleName('Pointing up'), resources: { '/person/persons': { GET: true } }, [field]: atAdministrator });
      expect(created.status).toBe(403);
      expect((await errorOf(created)).fields?.[field]).toBe(messages.trustTargetBeyondOwn);
      expect(await h.db.select().from(roles).where(eq(roles.name, `Pointing up ${unique}`))).toHaveLength(0);
      const policy = await send('viewer', 'POST', '/permissions/policies', { name: roleName('Policy pointing up'), roleAssociations: { [field]: atAdministrator } });
      expect(policy.status).toBe(403);

      // A role within my grants, pointed at a role within them: allowed; then at one beyond: refused.
      const within = await send('viewer', 'POST', '/permissions/roles', { name: roleName('Pointing across'), resources: { '/person/persons': { GET: true } }, [field]: { [lakeside()]: roleId('lakeside', 'Read Only') } });
      expect(within.status, await within.clone().text()).toBe(201);
      const id = ((await within.json()) as { id: string }).id;
      const edit = await send('viewer', 'PATCH', `/permissions/roles/${id}`, { version: 1, [field]: atAdministrator });
      expect(edit.status).toBe(403);
      const error = await errorOf(edit);
      expect(error.message).toBe(messages.trustTargetBeyondOwn);
      expect(error.fields?.[field]).toBe(messages.trustTargetBeyondOwn);
      expect((await get(id))[field]).toEqual({ [lakeside()]: roleId('lakeside', 'Read Only') });
    });
  });

  it('GET /permissions/trust-targets lists, by name, the accounts and the roles a row may point at (only roles within my grants)', async () => {
    const names = (targets: TrustTargets) => targets.items.map((a) => [a.name, a.roles.map((r) => r.name)] as const);
    const asAdministrator = (await (await asAdmin('GET', '/permissions/trust-targets')).json()) as TrustTargets;
    expect(names(asAdministrator)).toEqual(expect.arrayContaining([[h.accounts.lakeside.name, expect.arrayContaining(['Administrator', 'Read Only'])]]));
    await withViewerGrants(roleWriter, async () => {
      const res = await send('viewer', 'GET', '/permissions/trust-targets');
      expect(res.status).toBe(200);
      const mine = (await res.json()) as TrustTargets;
      // Riverside (the viewer's) and Lakeside, which Riverside assumes; no other account.
      expect(mine.items.map((a) => a.id).sort()).toEqual([h.accounts.riverside.id, h.accounts.lakeside.id].sort());
      const lakesideRoles = mine.items.find((a) => a.id === lakeside())!.roles;
      expect(lakesideRoles).toContainEqual({ id: roleId('lakeside', 'Read Only'), name: 'Read Only' });
      expect(lakesideRoles.map((r) => r.name)).not.toContain('Administrator');
    });
  });

  it('rows kept as they were are not granted anew: a rename that sends its rows unchanged passes', async () => {
    const trusting = await create({ name: roleName('Trusting reader'), resources: { '/person/persons': { GET: true } }, trustedRelationships: { [lakeside()]: roleId('lakeside', 'Read Only') } });
    await withViewerGrants(roleWriter, async () => {
      const role = await get(trusting);
      const rename = await send('viewer', 'PATCH', `/permissions/roles/${trusting}`, { version: role.version, name: roleName('Trusting reader renamed'), trustedRelationships: role.trustedRelationships, assumeRoles: role.assumeRoles });
      expect(rename.status, await rename.clone().text()).toBe(200);
    });
  });

  it('instance administrators pass; a row must pair an account with one of its own roles (400), for everyone', async () => {
    const administrator = roleId('riverside', 'Administrator');
    const version = await versionOf(administrator);
    const elsewhere = await asAdmin('PATCH', `/permissions/roles/${administrator}`, { version, assumeRoles: { [lakeside()]: roleId('riverside', 'Read Only') } });
    expect(elsewhere.status).toBe(400);
    expect((await errorOf(elsewhere)).fields?.assumeRoles).toBe('Assume Roles must pair each account with one of that account’s roles');
    const unknown = await asAdmin('POST', '/permissions/roles', { name: roleName('Nowhere'), trustedRelationships: { [lakeside()]: '0b0e0c0a-0000-4000-8000-00000000beef' } });
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).fields?.trustedRelationships).toBe('Trusted Relationships must pair each account with one of that account’s roles');
    const res = await asAdmin('PATCH', `/permissions/roles/${administrator}`, { version, assumeRoles: { [lakeside()]: roleId('lakeside', 'Administrator') } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await asAdmin('PATCH', `/permissions/roles/${administrator}`, { version: version + 1, assumeRoles: {} })).status).toBe(200);
  });
});

describe('delete', () => {
  it('a role users still hold is refused with how many; an unheld one is deleted and audited', async () => {
    const readOnly = roleId('riverside', 'Read Only');
    const held = (await get(readOnly)).userCount;
    const refused = await asAdmin('DELETE', `/permissions/roles/${readOnly}`);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(roleStillHeld(held));
    expect(roleStillHeld(held)).toContain(`${held} users`);
    expect(roleStillHeld(1)).toContain('1 user;');
    const id = await create({ name: roleName('Short-lived') });
    expect((await asAdmin('DELETE', `/permissions/roles/${id}`)).status).toBe(204);
    expect((await asAdmin('GET', `/permissions/roles/${id}`)).status).toBe(404);
    expect(await lastAudit(id)).toMatchObject({ action: 'delete', resourceType: 'Role' });
  });
});

describe('access and tenancy', () => {
  it('each route is behind its catalogue resource', async () => {
    const id = roleId('riverside', 'Scheduler');
    // The Scheduler has no grant on roles or policies; Read Only and the practice administrator read only.
    const scheduler = await riversideHolderOf(h, 'Scheduler');
    try {
      for (const [method, path] of [['GET', '/permissions/roles'], ['GET', `/permissions/roles/${id}`], ['GET', '/permissions/policies'], ['GET', `/permissions/policies/${id}`]] as const) {
        expect((await h.call('viewer', path, { method, token: scheduler.token })).status).toBe(403);
        expect((await send('viewer', method, path)).status).toBe(200);
        expect((await send('manager', method, path)).status).toBe(200);
      }
    } finally {
      await scheduler.restore();
    }
    for (const [method, path] of [['POST', '/permissions/roles'], ['PATCH', `/permissions/roles/${id}`], ['DELETE', `/permissions/roles/${id}`], ['POST', '/permissions/policies'], ['PATCH', `/permissions/policies/${id}`], ['DELETE', `/permissions/policies/${id}`]] as const) {
      expect((await send('viewer', method, path, { name: 'Nope', version: 1 })).status).toBe(403);
    }
  });

  it("another account's role is not found (404), whatever the method", async () => {
    const lakesideRole = roleId('lakeside', 'Scheduler');
    for (const prefix of ['/permissions/roles', '/permissions/policies']) {
      expect((await asAdmin('GET', `${prefix}/${lakesideRole}`)).status).toBe(404);
      expect((await asAdmin('PATCH', `${prefix}/${lakesideRole}`, { version: 1, name: 'Taken over' })).status).toBe(404);
      expect((await asAdmin('DELETE', `${prefix}/${lakesideRole}`)).status).toBe(404);
      expect((await h.call('viewer', `${prefix}/${lakesideRole}`)).status).toBe(404);
    }
    const [row] = await h.db.select().from(roles).where(eq(roles.id, lakesideRole));
    expect(row!.name).toBe('Scheduler');
    const list = (await (await h.call('viewer', '/permissions/roles')).json()) as RoleList;
    expect(list.items.every((r) => r.accountId === h.accounts.riverside.id)).toBe(true);
    expect((await asAdmin('GET', '/permissions/roles/not-a-uuid')).status).toBe(404);
  });
});

describe('the older policy shape (/permissions/policies, spec §3)', () => {
  it('creates a role from resources with actions, features, settings and role associations, and reads it in both shapes', async () => {
    const name = roleName('Policy');
    const res = await asAdmin('POST', '/permissions/policies', {
      name,
      resources: { '/person/persons': { actions: ['GET', 'POST'] }, '/issues': { actions: [] } },
      features: { ccp: true },
      settings: { ccpConfig },
      roleAssociations: { trustedRelationships: { [h.accounts.lakeside.id]: roleId('lakeside', 'Read Only') }, assumeRoles: {} },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(await get(id)).toMatchObject({
      name,
      resources: { '/person/persons': { GET: true, POST: true } },
      ccpConfig,
      trustedRelationships: { [h.accounts.lakeside.id]: roleId('lakeside', 'Read Only') },
      assumeRoles: {},
    });
    const policy = (await (await asAdmin('GET', `/permissions/policies/${id}`)).json()) as Policy;
    expect(policy).toMatchObject({
      resourceType: 'Policy',
      id,
      version: 1,
      resources: { '/person/persons': { actions: ['GET', 'POST'] } },
      features: { ccp: true },
      settings: { ccpConfig },
      roleAssociations: { trustedRelationships: { [h.accounts.lakeside.id]: roleId('lakeside', 'Read Only') }, assumeRoles: {} },
    });
    const list = (await (await asAdmin('GET', '/permissions/policies')).json()) as { items: Policy[] };
    expect(list.items.find((p) => p.id === id)?.resources).toEqual({ '/person/persons': { actions: ['GET', 'POST'] } });

    // Turning the ccp feature off clears the softphone settings; a stale version is 409.
    const patched = await asAdmin('PATCH', `/permissions/policies/${id}`, { version: 1, features: { ccp: false }, resources: { '/person/persons': { actions: ['GET'] } } });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ version: 2, features: { ccp: false }, settings: { ccpConfig: null }, resources: { '/person/persons': { actions: ['GET'] } } });
    expect((await asAdmin('PATCH', `/permissions/policies/${id}`, { version: 1, name: 'x' })).status).toBe(409);
    expect((await asAdmin('DELETE', `/permissions/policies/${id}`)).status).toBe(204);
    expect((await asAdmin('GET', `/permissions/roles/${id}`)).status).toBe(404);
  });

  it('refuses actions that are not methods and resources outside the catalogue', async () => {
    for (const resources of [{ '/person/persons': { actions: ['FETCH'] } }, { '/nowhere': { actions: ['GET'] } }]) {
      expect((await asAdmin('POST', '/permissions/policies', { name: roleName('Bad policy'), resources })).status).toBe(400);
    }
  });
});
