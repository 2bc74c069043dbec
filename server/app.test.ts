import { count, eq } from 'drizzle-orm';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../domain/messages.ts';
import { accessDecision } from './auth/requires.ts';
import { accounts, auditLog, revokedTokens, users } from './db/schema/index.ts';
import { seedId } from './seed/seed.ts';
import { AUDIENCE, createHarness, ISSUER, type Harness } from './test/harness.ts';
import { riversideHolderOf } from './test/role-holder.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const auditCount = async () => (await h.db.select({ n: count() }).from(auditLog))[0]!.n;

describe('token checks', () => {
  it('accepts a valid token and answers the access policy', async () => {
    const res = await h.call('manager', '/permissions/accesspolicy');
    expect(res.status).toBe(200);
    const policy = await res.json();
    expect(policy).toMatchObject({
      accountId: h.accounts.riverside.id,
      accountName: 'Riverside Family Practice',
      instanceAdmin: false,
      role: 'Practice Administrator',
    });
    expect(policy.resources['/person/persons']).toEqual({ GET: true, POST: true, PATCH: true, DELETE: true });
    // Issue 40: a practice's administrator lists the roles it may give; it still may not write them.
    expect(policy.resources['/permissions/roles']).toEqual({ GET: true });
  });

  it('refuses a request without a token (401, error format)', async () => {
    const res = await h.call('manager', '/permissions/accesspolicy', { token: null });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: 'unauthenticated', message: messages.unauthenticated } });
  });

  it('refuses an expired token', async () => {
    const expired = await h.token('manager', { exp: Math.floor(Date.now() / 1000) - 60 });
    expect((await h.call('manager', '/permissions/accesspolicy', { token: expired })).status).toBe(401);
  });

  it('refuses a token for another audience, from another issuer, or signed by another key', async () => {
    const { privateKey: strangerKey } = await generateKeyPair('RS256');
    const wrongAudience = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'test' })
      .setSubject(seedId('principal:manager'))
      .setIssuer(ISSUER)
      .setAudience('https://another-api.test')
      .setExpirationTime('1h')
      .sign((await generateKeyPair('RS256')).privateKey);
    expect((await h.call('manager', '/permissions/accesspolicy', { token: wrongAudience })).status).toBe(401);
    const audienceOnly = await h.token('manager', { aud: 'https://another-api.test' });
    expect((await h.call('manager', '/permissions/accesspolicy', { token: audienceOnly })).status).toBe(401);
    const wrongIssuer = await h.token('manager', { iss: 'http://evil.test/' });
    expect((await h.call('manager', '/permissions/accesspolicy', { token: wrongIssuer })).status).toBe(401);
    const wrongKey = await h.token('manager', {}, strangerKey);
    expect((await h.call('manager', '/permissions/accesspolicy', { token: wrongKey })).status).toBe(401);
    expect(AUDIENCE).not.toBe('https://another-api.test');
  });

  it('refuses a garbage bearer', async () => {
    expect((await h.call('manager', '/permissions/accesspolicy', { token: 'not-a-jwt' })).status).toBe(401);
  });

  it('revokes a token at logout: the same token is 401 afterwards, another still works', async () => {
    const token = await h.token('viewer');
    expect((await h.call('viewer', '/permissions/accesspolicy', { token })).status).toBe(200);
    expect((await h.call('viewer', '/auth/logout', { method: 'POST', token })).status).toBe(204);
    const after = await h.call('viewer', '/permissions/accesspolicy', { token });
    expect(after.status).toBe(401);
    expect((await after.json()).error.message).toBe(messages.tokenRevoked);
    expect((await h.db.select().from(revokedTokens)).length).toBe(1);
    expect((await h.call('viewer', '/permissions/accesspolicy')).status).toBe(200);
  });

  it('answers 403 with a clear message for an unknown or inactive user', async () => {
    const unknown = await h.call('viewer', '/permissions/accesspolicy', { token: await h.token('somebody-else') });
    expect(unknown.status).toBe(403);
    expect((await unknown.json()).error.message).toBe(messages.unknownUser);
    await h.db.update(users).set({ active: false }).where(eq(users.personId, seedId('person:viewer')));
    try {
      expect((await h.call('viewer', '/permissions/accesspolicy')).status).toBe(403);
    } finally {
      await h.db.update(users).set({ active: true }).where(eq(users.personId, seedId('person:viewer')));
    }
  });
});

describe('tenancy', () => {
  it('a user acts in their own account by default', async () => {
    const res = await h.call('viewer', '/accounts/account');
    expect((await res.json()).name).toBe('Riverside Family Practice');
  });

  it("another account's data is unreachable without the right to act there (403)", async () => {
    for (const target of [h.accounts.astera.id, h.accounts.lakeside.id]) {
      const res = await h.call('viewer', `/accounts/account?accountId=${target}`);
      expect(res.status).toBe(403);
      expect((await res.json()).error.message).toBe(messages.foreignAccount);
    }
    const audit = await h.call('viewer', `/audit/recent?accountId=${h.accounts.astera.id}`);
    expect(audit.status).toBe(403);
  });

  it('a practice administrator acts in the assumed account with the trusted role there', async () => {
    const res = await h.call('manager', `/permissions/accesspolicy?accountId=${h.accounts.lakeside.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ accountId: h.accounts.lakeside.id, accountName: 'Lakeside Pediatrics', role: 'Practice Administrator' });
    expect((await h.call('manager', `/permissions/accesspolicy?accountId=${h.accounts.astera.id}`)).status).toBe(403);
  });

  it('the trust must be mutual: removing the trusted relationship closes the assumed account', async () => {
    const lakesideRole = seedId('role:lakeside:Practice Administrator');
    const { roles } = await import('./db/schema/index.ts');
    const [before] = await h.db.select().from(roles).where(eq(roles.id, lakesideRole));
    await h.db.update(roles).set({ trustedRelationships: {} }).where(eq(roles.id, lakesideRole));
    try {
      expect((await h.call('manager', `/permissions/accesspolicy?accountId=${h.accounts.lakeside.id}`)).status).toBe(403);
    } finally {
      await h.db.update(roles).set({ trustedRelationships: before!.trustedRelationships }).where(eq(roles.id, lakesideRole));
    }
  });

  it('an instance administrator may act in any account; a malformed accountId is 400', async () => {
    const res = await h.call('admin', `/accounts/account?accountId=${h.accounts.lakeside.id}`);
    expect((await res.json()).name).toBe('Lakeside Pediatrics');
    expect((await h.call('admin', '/accounts/account?accountId=not-a-uuid')).status).toBe(400);
  });

  it('the account selector lists every account for an administrator, own plus assumed for others', async () => {
    const admin = await (await h.call('admin', '/accounts')).json();
    expect(admin.items.map((a: { name: string }) => a.name)).toEqual(['Astera Health', 'Lakeside Pediatrics', 'Riverside Family Practice']);
    const manager = await (await h.call('manager', '/accounts')).json();
    expect(manager.items.map((a: { name: string }) => a.name)).toEqual(['Lakeside Pediatrics', 'Riverside Family Practice']);
  });
});

describe('permissions', () => {
  it('a denied method is 403 and writes nothing', async () => {
    const [before] = await h.db.select().from(accounts).where(eq(accounts.id, h.accounts.riverside.id));
    const audits = await auditCount();
    for (const user of ['viewer', 'manager'] as const) {
      const res = await h.call(user, '/accounts/account', { method: 'PATCH', json: { version: before!.version, name: 'Hijacked' } });
      expect(res.status).toBe(403);
      expect((await res.json()).error).toEqual({ code: 'forbidden', message: messages.forbidden });
    }
    const [after] = await h.db.select().from(accounts).where(eq(accounts.id, h.accounts.riverside.id));
    expect(after).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('a granted write changes the record and appends one audit row in the same transaction', async () => {
    const [before] = await h.db.select().from(accounts).where(eq(accounts.id, h.accounts.lakeside.id));
    const audits = await auditCount();
    const res = await h.call('admin', `/accounts/account?accountId=${h.accounts.lakeside.id}`, {
      method: 'PATCH',
      json: { version: before!.version, abbreviation: 'LKP' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ abbreviation: 'LKP', version: before!.version + 1, modifiedBy: 'Alex Morgan' });
    expect(await auditCount()).toBe(audits + 1);
    const [row] = await h.db.select().from(auditLog).where(eq(auditLog.resourceId, h.accounts.lakeside.id)).orderBy(auditLog.id);
    expect(row).toBeDefined();
    const latest = (await h.db.select().from(auditLog).where(eq(auditLog.accountId, h.accounts.lakeside.id)).orderBy(auditLog.id)).at(-1)!;
    expect(latest).toMatchObject({ action: 'update', resourceType: 'Account', actorName: 'Alex Morgan' });
    expect((latest.before as { abbreviation: string }).abbreviation).toBe('LP');
    expect((latest.after as { abbreviation: string }).abbreviation).toBe('LKP');
  });

  it('a stale version is a 409 conflict and writes nothing', async () => {
    const audits = await auditCount();
    const res = await h.call('admin', '/accounts/account', { method: 'PATCH', json: { version: 999, name: 'Stale' } });
    expect(res.status).toBe(409);
    expect(await auditCount()).toBe(audits);
  });

  it('invalid input names the field and does not echo the body', async () => {
    const res = await h.call('admin', '/accounts/account', { method: 'PATCH', json: { version: 1, name: '   ', secret: 'x' } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.fields.name).toBe('Name is required');
    expect(JSON.stringify(body)).not.toContain('secret');
    const notJson = await h.call('admin', '/accounts/account', { method: 'PATCH', body: 'nope', headers: { 'Content-Type': 'application/json' } });
    expect(notJson.status).toBe(400);
  });

  it('the Read Only role may GET but not write; the administrator passes everything', async () => {
    expect((await h.call('viewer', '/accounts/account')).status).toBe(200);
    expect((await h.call('admin', '/audit/recent')).status).toBe(200);
  });

  it('every route declares its access decision (default deny)', () => {
    const routes = h.api.routes.filter((r) => r.method !== 'ALL');
    expect(routes.length).toBeGreaterThan(3);
    const undeclared = routes
      .filter((route) => !h.api.routes.some((r) => r.path === route.path && r.method === route.method && accessDecision in r.handler))
      .map((r) => `${r.method} ${r.path}`);
    expect(undeclared).toEqual([]);
  });
});

describe('roles list', () => {
  it("lists the request account's roles by name, for roles that may read them", async () => {
    const res = await h.call('viewer', '/permissions/roles');
    expect(res.status).toBe(200);
    const { items } = await res.json();
    expect(items.map((r: { name: string }) => r.name)).toEqual(['Administrator', 'Call-center agent', 'Practice Administrator', 'Read Only', 'Scheduler']);
    expect(items.every((r: { accountId: string }) => r.accountId === h.accounts.riverside.id)).toBe(true);
    const scheduler = await riversideHolderOf(h, 'Scheduler');
    try {
      expect((await h.call('viewer', '/permissions/roles', { token: scheduler.token })).status).toBe(403);
    } finally {
      await scheduler.restore();
    }
  });
});
