import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountMessages, type Account, type AccountAdminList } from '../../../domain/accounts.ts';
import { accountInactive, type AccessPolicy } from '../../../domain/api.ts';
import { messages } from '../../../domain/messages.ts';
import { isAllowed } from '../../../domain/permissions.ts';
import { auditLog, roles } from '../../db/schema/index.ts';
import { seedId } from '../../seed/seed.ts';
import { fileHarness, type DemoUser } from '../../test/harness.ts';
import { type ErrorBody, errorOf } from '../../test/record-api.ts';

const h = fileHarness();

const send = (user: DemoUser, method: string, path: string, json?: unknown) => h.call(user, path, { method, json });

let n = 0;
const fresh = (prefix = 'Account') => `${prefix} ${Date.now().toString(36)} ${n++}`;

async function create(body: Record<string, unknown>) {
  const res = await send('admin', 'POST', '/accounts', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
const get = async (id: string, user: DemoUser = 'admin') => {
  const res = await h.call(user, `/accounts/account?accountId=${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Account;
};
const patch = (id: string, body: Record<string, unknown>, user: DemoUser = 'admin') => send(user, 'PATCH', `/accounts/account?accountId=${id}`, body);

describe('GET /accounts', () => {
  it('without paging it stays the account selector: { items: [{ id, name }] } of the accounts the caller may act in', async () => {
    const manager = (await (await h.call('manager', '/accounts')).json()) as { items: Record<string, unknown>[] };
    expect(manager.items.map((a) => a.name)).toEqual(['Lakeside Pediatrics', 'Riverside Family Practice']);
    expect(Object.keys(manager.items[0]!).sort()).toEqual(['id', 'name']);
  });

  it('with paging it is the administration list of every account, active or not, sorted by name, filtered on the server', async () => {
    const inactive = await create({ name: fresh('Zz Closed practice'), abbreviation: 'ZCP', active: false });
    const res = await h.call('admin', '/accounts?limit=50');
    expect(res.status).toBe(200);
    const page = (await res.json()) as AccountAdminList;
    const names = page.items.map((a) => a.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(page.items.find((a) => a.id === inactive)).toMatchObject({ active: false, abbreviation: 'ZCP' });
    expect(page.total).toBe(page.items.length);
    // The selector leaves inactive accounts out.
    const selector = (await (await h.call('admin', '/accounts')).json()) as { items: { id: string }[] };
    expect(selector.items.some((a) => a.id === inactive)).toBe(false);

    const filtered = (await (await h.call('admin', '/accounts?limit=10&q=lakeside')).json()) as AccountAdminList;
    expect(filtered.items.map((a) => a.name)).toEqual(['Lakeside Pediatrics']);
    expect(filtered.total).toBe(1);
    const byAbbreviation = (await (await h.call('admin', '/accounts?limit=10&q=rfp')).json()) as AccountAdminList;
    expect(byAbbreviation.items.map((a) => a.name)).toEqual(['Riverside Family Practice']);
    const byId = (await (await h.call('admin', `/accounts?limit=10&q=${h.accounts.astera.id}`)).json()) as AccountAdminList;
    expect(byId.items.map((a) => a.id)).toEqual([h.accounts.astera.id]);
  });

  it('the administration list is refused to everyone but instance administrators (403)', async () => {
    for (const user of ['manager', 'viewer'] as const) {
      const res = await h.call(user, '/accounts?limit=10');
      expect(res.status).toBe(403);
      expect((await errorOf(res)).message).toBe(accountMessages.instanceAdminOnly);
    }
  });
});

describe('POST /accounts', () => {
  it('is refused to everyone but instance administrators, even a role granted POST on Account', async () => {
    for (const user of ['manager', 'viewer'] as const) {
      expect((await send(user, 'POST', '/accounts', { name: fresh() })).status).toBe(403);
    }
  });

  it('validates the body, naming each field and never echoing it', async () => {
    const marker = 'MARKER<script>';
    const res = await send('admin', 'POST', '/accounts', { name: '  ', abbreviation: marker.repeat(5), timeZone: marker });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).not.toContain('MARKER');
    const { fields } = (JSON.parse(text) as ErrorBody).error;
    expect(fields).toMatchObject({ name: messages.accountNameRequired, abbreviation: messages.abbreviationTooLong, timeZone: messages.timeZoneInvalid });
    expect((await errorOf(await send('admin', 'POST', '/accounts', {}))).fields).toEqual({ name: messages.accountNameRequired });
  });

  it('creates a usable account: its default roles, new users get Read Only, the administrator acts in it at once, audited', async () => {
    const name = fresh('Harbor Clinic');
    const id = await create({ name, abbreviation: 'HC', timeZone: 'america/chicago', config: { azure: { tenantId: 'tenant-1' } } });
    const account = await get(id);
    expect(account).toMatchObject({ id, name, abbreviation: 'HC', active: true, timeZone: 'America/Chicago', domainNames: [], assumedAccounts: [], version: 1 });
    expect(account.config.azure?.tenantId).toBe('tenant-1');

    const created = await h.db.select().from(roles).where(eq(roles.accountId, id));
    expect(created.map((r) => r.name).sort()).toEqual(['Practice Administrator', 'Read Only']);
    const readOnly = created.find((r) => r.name === 'Read Only')!;
    const practiceAdmin = created.find((r) => r.name === 'Practice Administrator')!;
    expect(account.config.portal?.roleId).toBe(readOnly.id);
    expect(isAllowed(practiceAdmin.resources, '/person/persons', 'POST')).toBe(true);
    expect(isAllowed(readOnly.resources, '/person/persons', 'POST')).toBe(false);
    expect(isAllowed(readOnly.resources, '/person/persons', 'GET')).toBe(true);

    // Ghost Mode: the administrator works in it right away, and it is in the selector.
    const policy = (await (await h.call('admin', `/permissions/accesspolicy?accountId=${id}`)).json()) as AccessPolicy;
    expect(policy).toMatchObject({ accountId: id, accountName: name, instanceAdmin: true });
    expect((await h.call('admin', `/permissions/roles?accountId=${id}`)).status).toBe(200);
    const selector = (await (await h.call('admin', '/accounts')).json()) as { items: { id: string }[] };
    expect(selector.items.map((a) => a.id)).toContain(id);

    const audit = await h.db.select().from(auditLog).where(eq(auditLog.accountId, id)).orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.resourceType])).toEqual([
      ['create', 'Account'],
      ['create', 'Role'],
      ['create', 'Role'],
    ]);
    expect(audit[0]!.actorName).toBe('Alex Morgan');
  });

  it('a retried create with the same Idempotency-Key makes one account', async () => {
    const body = { name: fresh('Retry Clinic') };
    const headers = { 'Idempotency-Key': `acc-${n}` };
    const first = await h.call('admin', '/accounts', { method: 'POST', json: body, headers });
    const second = await h.call('admin', '/accounts', { method: 'POST', json: body, headers });
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(await first.json());
  });
});

describe('PATCH /accounts/account', () => {
  it('edits every field of spec §3 and the time zone, with the ACW timeout as an integer; bumps the version and audits', async () => {
    const id = await create({ name: fresh('Edit Clinic') });
    const before = await get(id);
    const role = (await h.db.select().from(roles).where(and(eq(roles.accountId, id), eq(roles.name, 'Practice Administrator'))))[0]!;
    const config = {
      azure: { tenantId: 'f00d' },
      ccp: {
        ccpUrl: 'https://edit.my.connect.aws/ccp-v2',
        loginUrl: 'https://edit.awsapps.com/start',
        agentGreetingImageLocationPath: 's3://greetings/edit.png',
        defaultAgentGreetings: { inbound: 'Hello', outbound: 'Hi, calling from the clinic', callback: 'Returning your call' },
        defaultQueueDispositions: ['Resolved', 'Callback'],
      },
      portal: { roleId: role.id },
      awsConnect: {
        accountId: '123456789012',
        instanceId: 'inst-1',
        region: 'us-west-2',
        roleArn: 'arn:aws:iam::123456789012:role/astera/AsteraPortalConnect',
        externalId: 'astera-7f3c2a9e-edit-clinic',
        defaultProvisionProfile: { acwTimeout: 45, autoAnswer: true, hierarchyGroupId: 'h1', routingProfileId: 'r1', securityProfileId: 's1' },
      },
    };
    const res = await patch(id, { version: before.version, name: `${before.name} 2`, abbreviation: 'EC', userSource: 'okta', timeZone: 'Europe/London', config });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = (await res.json()) as Account;
    expect(after).toMatchObject({ name: `${before.name} 2`, abbreviation: 'EC', userSource: 'okta', timeZone: 'Europe/London', version: before.version + 1, config });
    expect(await get(id)).toMatchObject({ timeZone: 'Europe/London', config });
    const audit = await h.db.select().from(auditLog).where(and(eq(auditLog.accountId, id), eq(auditLog.action, 'update')));
    expect(audit).toHaveLength(1);
    expect((audit[0]!.after as Account).timeZone).toBe('Europe/London');

    const fractional = await patch(id, { version: after.version, config: { awsConnect: { defaultProvisionProfile: { acwTimeout: 4.5 } } } });
    expect(fractional.status).toBe(400);
    expect((await errorOf(fractional)).fields).toEqual({ 'config.awsConnect.defaultProvisionProfile.acwTimeout': accountMessages.acwTimeoutInvalid });
    const badUrl = await patch(id, { version: after.version, config: { ccp: { ccpUrl: 'javascript:alert(1)' } } });
    expect((await errorOf(badUrl)).fields).toEqual({ 'config.ccp.ccpUrl': 'CCP URL must be an http:// or https:// address' });
    // The Connect role: an IAM role ARN of the practice's AWS account, and STS's rules for the external id.
    const aws = (awsConnect: Record<string, string>) => patch(id, { version: after.version, config: { awsConnect } });
    expect((await errorOf(await aws({ roleArn: 'arn:aws:iam::123456789012:user/someone' }))).fields).toEqual({ 'config.awsConnect.roleArn': accountMessages.roleArnInvalid });
    expect((await errorOf(await aws({ accountId: '123456789012', roleArn: 'arn:aws:iam::999999999999:role/x' }))).fields).toEqual({
      'config.awsConnect.roleArn': accountMessages.roleArnOtherAccount,
    });
    expect((await errorOf(await aws({ externalId: 'has spaces in it' }))).fields).toEqual({ 'config.awsConnect.externalId': accountMessages.externalIdInvalid });
    expect((await errorOf(await aws({ externalId: 'x' }))).fields).toEqual({ 'config.awsConnect.externalId': accountMessages.externalIdInvalid });
    expect((await get(id)).config.awsConnect).toEqual(config.awsConnect);
  });

  it("refuses a default role that is not the account's own", async () => {
    const id = await create({ name: fresh('Role Clinic') });
    const { version } = await get(id);
    const foreign = (await h.db.select().from(roles).where(eq(roles.accountId, h.accounts.lakeside.id)))[0]!;
    const res = await patch(id, { version, config: { portal: { roleId: foreign.id } } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ 'config.portal.roleId': accountMessages.roleIdInvalid });
  });

  it('a default role beyond the caller’s own grants is refused (403, issue 24: pointing at a role grants it); instance administrators pass', async () => {
    const riverside = h.accounts.riverside.id;
    const managerRole = seedId('role:riverside:Practice Administrator');
    const [own] = await h.db.select({ resources: roles.resources }).from(roles).where(eq(roles.id, managerRole));
    // For this test the manager's role may edit the account (and only that is added).
    const editing = { ...own!.resources, '/accounts/account': { GET: true, PATCH: true } };
    await h.db.update(roles).set({ resources: editing }).where(eq(roles.id, managerRole));
    h.callers.clear();
    try {
      const { version } = await get(riverside);
      const beyond = await patch(riverside, { version, config: { portal: { roleId: seedId('role:riverside:Administrator') } } }, 'manager');
      expect(beyond.status).toBe(403);
      expect((await errorOf(beyond)).fields).toEqual({ 'config.portal.roleId': messages.roleBeyondOwn });
      expect((await get(riverside)).version).toBe(version);
      const small = await send('admin', 'POST', `/permissions/roles?accountId=${riverside}`, { name: fresh('Newcomer'), resources: { '/person/persons': { GET: true } } });
      const within = await patch(riverside, { version, config: { portal: { roleId: ((await small.json()) as { id: string }).id } } }, 'manager');
      expect(within.status, await within.clone().text()).toBe(200);
      const byAdmin = await patch(riverside, { version: version + 1, config: { portal: { roleId: seedId('role:riverside:Administrator') } } });
      expect(byAdmin.status).toBe(200);
      // Kept as it was, it is not granted anew: the manager saves the account with it unchanged.
      const kept = await patch(riverside, { version: version + 2, name: h.accounts.riverside.name, config: { portal: { roleId: seedId('role:riverside:Administrator') } } }, 'manager');
      expect(kept.status, await kept.clone().text()).toBe(200);
    } finally {
      await h.db.update(roles).set({ resources: own!.resources }).where(eq(roles.id, managerRole));
      h.callers.clear();
    }
  });

  it('refuses a stale version with 409', async () => {
    const id = await create({ name: fresh('Stale Clinic') });
    const { version } = await get(id);
    expect((await patch(id, { version, name: fresh('Fresh') })).status).toBe(200);
    const stale = await patch(id, { version, name: fresh('Stale') });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).message).toBe(messages.conflict);
  });

  it('assumed accounts (instance administrators only): picked by id, named by the accounts, never itself or an unknown one', async () => {
    const id = await create({ name: fresh('Assuming Clinic') });
    let { version } = await get(id);
    const res = await patch(id, { version, assumedAccounts: [{ accountId: h.accounts.lakeside.id.toUpperCase() }] });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as Account).assumedAccounts).toEqual([{ accountId: h.accounts.lakeside.id, accountName: 'Lakeside Pediatrics' }]);
    ({ version } = await get(id));
    expect((await errorOf(await patch(id, { version, assumedAccounts: [{ accountId: id }] }))).fields).toEqual({ assumedAccounts: accountMessages.assumedSelf });
    expect((await errorOf(await patch(id, { version, assumedAccounts: [{ accountId: crypto.randomUUID() }] }))).fields).toEqual({ assumedAccounts: accountMessages.assumedUnknown });
    // A practice administrator granted PATCH on Account edits the account, but not what it assumes, nor whether it is active.
    const managerRole = (await h.db.select().from(roles).where(eq(roles.id, seedId('role:riverside:Practice Administrator'))))[0]!;
    await h.db.update(roles).set({ resources: { ...managerRole.resources, '/accounts/account': { GET: true, PATCH: true } } }).where(eq(roles.id, managerRole.id));
    try {
      const riverside = await get(h.accounts.riverside.id, 'viewer');
      for (const change of [{ assumedAccounts: [] }, { active: false }]) {
        const refused = await send('manager', 'PATCH', '/accounts/account', { version: riverside.version, ...change });
        expect(refused.status).toBe(403);
        expect((await errorOf(refused)).message).toBe(accountMessages.instanceAdminOnly);
      }
      const allowed = await send('manager', 'PATCH', '/accounts/account', { version: riverside.version, userSource: 'azure-ad' });
      expect(allowed.status).toBe(200);
    } finally {
      await h.db.update(roles).set({ resources: managerRole.resources }).where(eq(roles.id, managerRole.id));
    }
  });

  it('the header selector follows the assumed accounts (with the roles’ trust rows)', async () => {
    const riverside = await get(h.accounts.riverside.id);
    const selector = async () => ((await (await h.call('manager', '/accounts')).json()) as { items: { name: string }[] }).items.map((a) => a.name);
    expect(await selector()).toContain('Lakeside Pediatrics');
    // The access-policy stamp every answer carries changes too, so the signed-in SPA reloads its policy (and its selector).
    const stamp = async () => (await h.call('manager', '/permissions/accesspolicy')).headers.get('X-Access-Policy');
    const before = await stamp();
    expect((await patch(h.accounts.riverside.id, { version: riverside.version, assumedAccounts: [] })).status).toBe(200);
    try {
      expect(await selector()).toEqual(['Riverside Family Practice']);
      expect(await stamp()).not.toBe(before);
    } finally {
      const now = await get(h.accounts.riverside.id);
      expect((await patch(h.accounts.riverside.id, { version: now.version, assumedAccounts: [{ accountId: h.accounts.lakeside.id }] })).status).toBe(200);
    }
    expect(await selector()).toContain('Lakeside Pediatrics');
  });

  it('tenancy: a role without PATCH on Account cannot edit, and no one edits an account they may not act in', async () => {
    const riverside = await get(h.accounts.riverside.id, 'viewer');
    expect((await send('viewer', 'PATCH', '/accounts/account', { version: riverside.version, name: 'Hijacked' })).status).toBe(403);
    expect((await send('manager', 'PATCH', `/accounts/account?accountId=${h.accounts.astera.id}`, { version: 1, name: 'Hijacked' })).status).toBe(403);
  });

  it('deactivating stops the account’s users at their next request with the account_inactive answer; an administrator cannot deactivate their own', async () => {
    const own = await get(h.accounts.astera.id);
    const self = await send('admin', 'PATCH', '/accounts/account', { version: own.version, active: false });
    expect(self.status).toBe(400);
    expect((await errorOf(self)).fields).toEqual({ active: accountMessages.ownAccountActive });

    const riverside = await get(h.accounts.riverside.id);
    const token = await h.token('viewer');
    expect((await h.call('viewer', '/permissions/accesspolicy', { token })).status).toBe(200);
    expect((await patch(h.accounts.riverside.id, { version: riverside.version, active: false })).status).toBe(200);
    try {
      const refused = await h.call('viewer', '/permissions/accesspolicy', { token });
      expect(refused.status).toBe(403);
      expect(await errorOf(refused)).toMatchObject({ code: accountInactive.code, message: accountInactive.message });
    } finally {
      const now = await get(h.accounts.riverside.id);
      expect((await patch(h.accounts.riverside.id, { version: now.version, active: true })).status).toBe(200);
    }
    expect((await h.call('viewer', '/permissions/accesspolicy', { token })).status).toBe(200);
  });
});

describe('POST /accounts/account/domain', () => {
  it('adds a valid domain name (lower case), audited', async () => {
    const id = await create({ name: fresh('Domain Clinic') });
    const domain = `Clinic-${n}.Example.COM`;
    const res = await send('admin', 'POST', `/accounts/account/domain?accountId=${id}`, { domainName: domain });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(((await res.json()) as Account).domainNames).toEqual([domain.toLowerCase()]);
    const audit = await h.db.select().from(auditLog).where(and(eq(auditLog.accountId, id), eq(auditLog.action, 'update')));
    expect(audit[0]!.after).toEqual({ domainNames: [domain.toLowerCase()] });
  });

  it('refuses an invalid domain name with a field error that does not echo it', async () => {
    const id = await create({ name: fresh('Bad Domain Clinic') });
    for (const domainName of ['not a domain', 'localhost', '-bad.example.com', 'x'.repeat(64) + '.com', 'MARKER..com', '10.0.0.1', 42]) {
      const res = await send('admin', 'POST', `/accounts/account/domain?accountId=${id}`, { domainName });
      expect(res.status).toBe(400);
      const text = await res.text();
      expect(text).not.toContain('MARKER');
      expect((JSON.parse(text) as ErrorBody).error.fields).toEqual({ domainName: accountMessages.domainInvalid });
    }
  });

  it('a domain name is unique across accounts (any case): 409 naming the field', async () => {
    const first = await create({ name: fresh('First Clinic') });
    const second = await create({ name: fresh('Second Clinic') });
    const domain = `shared-${n}.example.org`;
    expect((await send('admin', 'POST', `/accounts/account/domain?accountId=${first}`, { domainName: domain })).status).toBe(201);
    for (const [account, name] of [
      [second, domain.toUpperCase()],
      [first, domain],
    ] as const) {
      const res = await send('admin', 'POST', `/accounts/account/domain?accountId=${account}`, { domainName: name });
      expect(res.status).toBe(409);
      expect((await errorOf(res)).fields).toEqual({ domainName: accountMessages.domainTaken });
    }
    // Taking it through the whole list (PATCH) is refused the same way; dropping one is allowed.
    const { version } = await get(second);
    expect((await patch(second, { version, domainNames: [domain] })).status).toBe(409);
    const firstNow = await get(first);
    expect((await patch(first, { version: firstNow.version, domainNames: [] })).status).toBe(200);
    expect((await send('admin', 'POST', `/accounts/account/domain?accountId=${second}`, { domainName: domain })).status).toBe(201);
  });

  it('needs POST on Account domain', async () => {
    expect((await send('viewer', 'POST', '/accounts/account/domain', { domainName: 'viewer.example.com' })).status).toBe(403);
    expect((await send('manager', 'POST', '/accounts/account/domain', { domainName: 'manager.example.com' })).status).toBe(403);
  });
});
