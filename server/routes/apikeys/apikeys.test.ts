import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { ownNotificationGrants } from '../../../domain/notifications.ts';
import { describe, expect, it, vi } from 'vitest';
import { apiKeyPattern, type ApiKey, type ApiKeyCreated, type ApiKeyList } from '../../../domain/api-keys.ts';
import type { AuditEntry } from '../../../domain/api.ts';
import type { SearchAnswer } from '../../../domain/search.ts';
import { messages } from '../../../domain/messages.ts';
import { grantAll } from '../../../domain/permissions.ts';
import { demoApiKeys } from '../../seed/demo-apikeys.ts';
import { accounts, apiKeys, auditLog, issues, persons, roles, users } from '../../db/schema/index.ts';
import { roleId, seedId } from '../../seed/seed.ts';
import { fileHarness, type DemoUser } from '../../test/harness.ts';
import { errorOf } from '../../test/record-api.ts';
import { riversideHolderOf } from '../../test/role-holder.ts';

const h = fileHarness();

const base = '/permissions/apikeys';
const riverside = () => `?accountId=${h.accounts.riverside.id}`;
const send = (user: DemoUser, method: string, path: string, json?: unknown) => h.call(user, path, { method, json });

/** A new key of Riverside, made by the instance administrator acting there. */
async function createKey(name: string, role = 'Read Only', extra: Record<string, unknown> = {}) {
  const id = /^[0-9a-f-]{36}$/.test(role) ? role : roleId('riverside', role);
  const res = await send('admin', 'POST', `${base}${riverside()}`, { name, roleId: id, ...extra });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as ApiKeyCreated;
}

/** A request carrying an API key instead of a user's token. */
function withKey(secret: string, path: string, init: { method?: string; json?: unknown; header?: 'bearer' | 'x-api-key' } = {}) {
  const headers = new Headers();
  if (init.header === 'x-api-key') headers.set('x-api-key', secret);
  else headers.set('Authorization', `Bearer ${secret}`);
  if (init.json !== undefined) headers.set('Content-Type', 'application/json');
  return h.api.request(path, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
}

const getKey = async (id: string) => (await (await h.call('admin', `${base}/${id}${riverside()}`)).json()) as ApiKey;

describe('create, list, read (spec §2, §7)', () => {
  it('answers the key with its secret once; the list and the record have name, active, id, roleId and last use, never the secret', async () => {
    const created = await createKey('Billing export');
    expect(created.secret).toMatch(apiKeyPattern);
    expect(created).toMatchObject({ resourceType: 'ApiKey', name: 'Billing export', active: true, roleId: roleId('riverside', 'Read Only'), roleName: 'Read Only', lastUsedAt: null, version: 1, accountId: h.accounts.riverside.id });
    expect(created.hint).toBe(`${created.secret.slice(0, 7)}…`);

    const list = (await (await h.call('admin', `${base}${riverside()}&limit=50`)).json()) as ApiKeyList;
    const item = list.apiKeys.find((k) => k.id === created.id);
    expect(item).toMatchObject({ resourceType: 'ApiKey', accountId: h.accounts.riverside.id, id: created.id, name: 'Billing export', active: true, roleId: roleId('riverside', 'Read Only'), roleName: 'Read Only', hint: created.hint, lastUsedAt: null });
    expect(Object.keys(item!)).not.toContain('secretHash');
    expect(JSON.stringify(list)).not.toContain(created.secret);

    const record = await getKey(created.id);
    expect(record).toMatchObject({ id: created.id, name: 'Billing export', createdBy: 'Alex Morgan' });
    expect(record).not.toHaveProperty('secret');
    expect(record).not.toHaveProperty('secretHash');
  });

  it('stores only the SHA-256 of the secret: no column of the table, and no audit row, holds the secret', async () => {
    const created = await createKey('Hash only');
    const { rows } = await h.db.execute(sql`select * from api_keys where id = ${created.id}`);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(created.secret);
    expect(JSON.stringify(rows[0])).not.toContain(created.secret.slice(7));
    expect(rows[0]!.secret_hash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    const audit = await h.db.select().from(auditLog).where(eq(auditLog.resourceId, created.id));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(created.secret);
    expect(JSON.stringify(audit)).not.toContain(rows[0]!.secret_hash as string);
  });

  it('every key gets its own secret', async () => {
    const [a, b] = [await createKey('Twin one'), await createKey('Twin two')];
    expect(a.secret).not.toBe(b.secret);
  });

  it('the demo seed gives every account two keys with fixed names', async () => {
    for (const account of Object.values(h.accounts)) {
      const rows = await h.db.select({ name: apiKeys.name }).from(apiKeys).where(eq(apiKeys.accountId, account.id));
      expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(demoApiKeys.map((k) => k.name)));
    }
    expect((await getKey(seedId('apikey:riverside:reporting'))).name).toBe('Reporting export');
  });

  it('refuses bad input with the field message, and a second key of the same name', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ roleId: roleId('riverside', 'Read Only') }, 'name', messages.apiKeyNameRequired],
      [{ name: '  ', roleId: roleId('riverside', 'Read Only') }, 'name', messages.apiKeyNameRequired],
      [{ name: 'x'.repeat(101), roleId: roleId('riverside', 'Read Only') }, 'name', messages.apiKeyNameTooLong],
      [{ name: 'No role' }, 'roleId', messages.apiKeyRoleRequired],
      [{ name: 'Bad role', roleId: 'admin' }, 'roleId', messages.roleIdInvalid],
      [{ name: 'Foreign role', roleId: roleId('lakeside', 'Read Only') }, 'roleId', messages.roleNotFound],
      [{ name: 'Bad active', roleId: roleId('riverside', 'Read Only'), active: 'yes' }, 'active', messages.apiKeyActiveInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await send('admin', 'POST', `${base}${riverside()}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).fields?.[field]).toBe(message);
    }
    await createKey('Unique name');
    const again = await send('admin', 'POST', `${base}${riverside()}`, { name: 'UNIQUE NAME', roleId: roleId('riverside', 'Read Only') });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).fields?.name).toBe(messages.apiKeyNameTaken);
  });
});

describe('using a key (Bearer or x-api-key)', () => {
  it('works as `Authorization: Bearer <key>` and as `x-api-key`, acting in the key’s account', async () => {
    const { secret } = await createKey('Reader');
    for (const header of ['bearer', 'x-api-key'] as const) {
      const res = await withKey(secret, '/person/persons', { header });
      expect(res.status, header).toBe(200);
      const page = (await res.json()) as { Items: { id: string }[] };
      const [first] = await h.db.select({ accountId: persons.accountId }).from(persons).where(eq(persons.id, page.Items[0]!.id));
      expect(first!.accountId).toBe(h.accounts.riverside.id);
    }
    const policy = (await (await withKey(secret, '/permissions/accesspolicy')).json()) as { accountId: string; role: string; instanceAdmin: boolean; user: { name: string } };
    expect(policy).toMatchObject({ accountId: h.accounts.riverside.id, role: 'Read Only', instanceAdmin: false, user: { name: 'API key “Reader”' } });
  });

  it('acts with the linked role: a Read Only key reads but may not write', async () => {
    const { secret } = await createKey('Read only writer');
    expect((await withKey(secret, '/issues')).status).toBe(200);
    const res = await withKey(secret, '/issues', { method: 'POST', json: { name: 'By a read-only key' } });
    expect(res.status).toBe(403);
    expect(await h.db.select().from(issues).where(eq(issues.name, 'By a read-only key'))).toHaveLength(0);
  });

  it('acts only in its own account, whatever accountId it names', async () => {
    const { secret } = await createKey('Stay home', 'Practice Administrator');
    const res = await withKey(secret, `/issues?accountId=${h.accounts.lakeside.id}`);
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toBe(messages.foreignAccount);
    expect((await withKey(secret, `/issues?accountId=${h.accounts.riverside.id}`)).status).toBe(200);
  });

  it('an unknown, malformed or JWT-looking key is 401', async () => {
    for (const bad of ['ak_' + 'A'.repeat(43), 'ak_short', 'ak_', 'eyJhbGciOiJub25lIn0.e30.']) {
      expect((await withKey(bad, '/issues', { header: 'x-api-key' })).status, bad).toBe(401);
      expect((await withKey(bad, '/issues')).status, bad).toBe(401);
    }
  });

  it('is not a user: the routes about the signed-in user themself refuse it', async () => {
    const { secret } = await createKey('Not a person');
    expect((await withKey(secret, '/me/preferences')).status).toBe(403);
  });

  it('a deactivated key is refused at once (401), even right after it was served from the cache; active again, it works again', async () => {
    const created = await createKey('Switch me off');
    expect((await withKey(created.secret, '/issues')).status).toBe(200);
    expect((await withKey(created.secret, '/issues')).status).toBe(200); // now cached
    const off = await send('admin', 'PATCH', `${base}/${created.id}${riverside()}`, { version: 1, active: false });
    expect(off.status).toBe(200);
    const refused = await withKey(created.secret, '/issues', { header: 'x-api-key' });
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).message).toBe(messages.apiKeyInvalid);
    expect((await withKey(created.secret, '/issues')).status).toBe(401);
    expect((await send('admin', 'PATCH', `${base}/${created.id}${riverside()}`, { version: 2, active: true })).status).toBe(200);
    expect((await withKey(created.secret, '/issues')).status).toBe(200);
  });

  it('a deleted key is refused at once (401) and is gone', async () => {
    const created = await createKey('Delete me');
    expect((await withKey(created.secret, '/issues')).status).toBe(200);
    expect((await send('admin', 'DELETE', `${base}/${created.id}${riverside()}`)).status).toBe(204);
    expect((await withKey(created.secret, '/issues')).status).toBe(401);
    expect((await h.call('admin', `${base}/${created.id}${riverside()}`)).status).toBe(404);
    expect(await h.db.select().from(apiKeys).where(eq(apiKeys.id, created.id))).toHaveLength(0);
  });

  it('a key changed by another process (straight in the database) is refused once the notification arrives', async () => {
    const created = await createKey('Other process');
    expect((await withKey(created.secret, '/issues')).status).toBe(200);
    expect(h.callers.listening).toBe(true);
    await h.db.update(apiKeys).set({ active: false }).where(eq(apiKeys.id, created.id));
    await vi.waitFor(async () => expect((await withKey(created.secret, '/issues')).status).toBe(401), { timeout: 10_000, interval: 50 });
  });

  it('a key of an account that was deactivated is refused', async () => {
    const account = randomUUID();
    await h.db.insert(accounts).values({ id: account, name: 'Closing practice', createdBy: 'test', modifiedBy: 'test' });
    const [role] = await h.db.insert(roles).values({ accountId: account, name: 'Read Only', resources: grantAll(() => true, ['GET']), createdBy: 'test', modifiedBy: 'test' }).returning();
    const res = await send('admin', 'POST', `${base}?accountId=${account}`, { name: 'Closing key', roleId: role!.id });
    const { secret } = (await res.json()) as ApiKeyCreated;
    expect((await withKey(secret, '/issues')).status).toBe(200);
    await h.db.update(accounts).set({ active: false }).where(eq(accounts.id, account));
    await vi.waitFor(async () => expect((await withKey(secret, '/issues')).status).toBe(401), { timeout: 10_000, interval: 50 });
  });
});

describe('last use', () => {
  it('is recorded on use and shown, at most once a minute per key', async () => {
    const created = await createKey('Last use');
    expect((await getKey(created.id)).lastUsedAt).toBeNull();
    const before = Date.now();
    expect((await withKey(created.secret, '/issues')).status).toBe(200);
    const first = (await getKey(created.id)).lastUsedAt;
    expect(first).not.toBeNull();
    expect(Date.parse(first!)).toBeGreaterThanOrEqual(before - 5_000);
    const list = (await (await h.call('admin', `${base}${riverside()}&limit=50`)).json()) as ApiKeyList;
    expect(list.apiKeys.find((k) => k.id === created.id)?.lastUsedAt).toBe(first);
    // Used again within the minute: no second write.
    expect((await withKey(created.secret, '/issues')).status).toBe(200);
    expect((await getKey(created.id)).lastUsedAt).toBe(first);
  });

  it('its write does not clear the process’s cache of callers (only changes to a key do)', async () => {
    const created = await createKey('Quiet use');
    const { rows } = await h.db.execute<{ tgname: string }>(sql`select tgname from pg_trigger where tgrelid = 'api_keys'::regclass and not tgisinternal order by tgname`);
    expect(rows.map((r) => r.tgname)).toEqual(['api_keys_callers_changed', 'api_keys_callers_updated']);
    const { rows: cols } = await h.db.execute<{ attname: string }>(sql`
      select a.attname from pg_trigger t join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr)
      where t.tgname = 'api_keys_callers_updated' order by a.attname`);
    expect(cols.map((c) => c.attname)).not.toContain('last_used_at');
    expect(cols.map((c) => c.attname)).toContain('active');
    expect((await withKey(created.secret, '/issues')).status).toBe(200);
  });
});

describe('the audit log names the key as the actor', () => {
  it('a write made with a key is audited and stamped as “API key “name””', async () => {
    const created = await createKey('Issue importer', 'Practice Administrator');
    const res = await withKey(created.secret, '/issues', { method: 'POST', json: { name: 'Imported by key' } });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceId, id), eq(auditLog.action, 'create')));
    expect(row).toMatchObject({ actorId: created.id, actorName: 'API key “Issue importer”', accountId: h.accounts.riverside.id });
    const [issue] = await h.db.select().from(issues).where(eq(issues.id, id));
    expect(issue!.createdBy).toBe('API key “Issue importer”');
    const recent = (await (await h.call('manager', '/audit/recent?limit=10')).json()) as { items: AuditEntry[] };
    expect(recent.items.find((e) => e.resourceId === id)?.summary).toBe('API key “Issue importer” created issue “Imported by key”');
  });

  it('creating, changing and deleting a key are audited with the user who did it', async () => {
    const created = await createKey('Audited');
    await send('admin', 'PATCH', `${base}/${created.id}${riverside()}`, { version: 1, name: 'Audited again' });
    await send('admin', 'DELETE', `${base}/${created.id}${riverside()}`);
    const rows = await h.db.select().from(auditLog).where(eq(auditLog.resourceId, created.id)).orderBy(desc(auditLog.id));
    expect(rows.map((r) => [r.action, r.actorName, r.resourceType])).toEqual([
      ['delete', 'Alex Morgan', 'ApiKey'],
      ['update', 'Alex Morgan', 'ApiKey'],
      ['create', 'Alex Morgan', 'ApiKey'],
    ]);
    expect(rows[1]!.after).toMatchObject({ name: 'Audited again' });
  });
});

describe('editing (versioned PATCH) and permissions', () => {
  it('changes name, role and active; a stale version is 409', async () => {
    const created = await createKey('Editable');
    const res = await send('admin', 'PATCH', `${base}/${created.id}${riverside()}`, { version: 1, name: 'Edited', roleId: roleId('riverside', 'Practice Administrator'), active: false });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Edited', roleId: roleId('riverside', 'Practice Administrator'), roleName: 'Practice Administrator', active: false, version: 2, modifiedBy: 'Alex Morgan' });
    const stale = await send('admin', 'PATCH', `${base}/${created.id}${riverside()}`, { version: 1, name: 'Stale' });
    expect(stale.status).toBe(409);
    expect((await getKey(created.id)).name).toBe('Edited');
    // Issue 44: without a version the edit applies to the current one.
    const unconditional = await send('admin', 'PATCH', `${base}/${created.id}${riverside()}`, { name: 'No version' });
    expect(unconditional.status).toBe(200);
    expect(await unconditional.json()).toMatchObject({ name: 'No version', version: 3 });
    expect((await errorOf(await send('admin', 'PATCH', `${base}/${created.id}${riverside()}`, { version: 'x', name: 'Bad version' }))).fields?.version).toBe(messages.versionInvalid);
  });

  it('keys of another account are not found, and their roles cannot be named', async () => {
    const created = await createKey('Riverside only');
    expect((await h.call('admin', `${base}/${created.id}?accountId=${h.accounts.lakeside.id}`)).status).toBe(404);
    expect((await send('admin', 'PATCH', `${base}/${created.id}?accountId=${h.accounts.lakeside.id}`, { version: 1, name: 'X' })).status).toBe(404);
    expect((await send('admin', 'DELETE', `${base}/${created.id}?accountId=${h.accounts.lakeside.id}`)).status).toBe(404);
    const lakeside = (await (await h.call('admin', `${base}?accountId=${h.accounts.lakeside.id}&limit=50`)).json()) as ApiKeyList;
    expect(lakeside.apiKeys.map((k) => k.id)).not.toContain(created.id);
    const foreignRole = await send('admin', 'PATCH', `${base}/${created.id}${riverside()}`, { version: 1, roleId: roleId('lakeside', 'Administrator') });
    expect((await errorOf(foreignRole)).fields?.roleId).toBe(messages.roleNotFound);
  });

  it('Read Only may list and read keys but not create, edit or delete them', async () => {
    const created = await createKey('Viewer sees');
    expect((await h.call('viewer', base)).status).toBe(200);
    expect((await h.call('viewer', `${base}/${created.id}`)).status).toBe(200);
    expect((await send('viewer', 'POST', base, { name: 'Viewer key', roleId: roleId('riverside', 'Read Only') })).status).toBe(403);
    expect((await send('viewer', 'PATCH', `${base}/${created.id}`, { version: 1, active: false })).status).toBe(403);
    expect((await send('viewer', 'DELETE', `${base}/${created.id}`)).status).toBe(403);
    expect((await getKey(created.id)).active).toBe(true);
  });

  it('a key’s role may grant nothing its maker’s own role lacks (a key may not raise its own powers either)', async () => {
    // A key manager: reads everything and manages keys (and, as every role, their own notifications), nothing more.
    const keyManager = grantAll((r) => r.startsWith('/permissions/apikeys'));
    const resources = { ...grantAll(() => true, ['GET']), ...ownNotificationGrants, ...keyManager };
    const [role] = await h.db.insert(roles).values({ accountId: h.accounts.riverside.id, name: 'Key manager', resources, createdBy: 'test', modifiedBy: 'test' }).returning();
    const personId = randomUUID();
    const stamp = { accountId: h.accounts.riverside.id, createdBy: 'test', modifiedBy: 'test' };
    await h.db.insert(persons).values({ id: personId, ...stamp, name: [{ use: 'official', text: 'Kim Keys', family: 'Keys', given: ['Kim'], prefix: [], suffix: [] }], displayName: 'Kim Keys', communication: [], userRecord: true });
    await h.db.insert(users).values({ personId, ...stamp, name: 'Kim Keys', email: 'kim.keys@riverside.test', principalId: 'kim-keys', active: true, roleId: role!.id });
    const token = await h.token('kim-keys');
    const asKim = (method: string, path: string, json?: unknown) => h.call('manager', path, { method, json, token });

    const beyond = await asKim('POST', base, { name: 'Admin by Kim', roleId: roleId('riverside', 'Administrator') });
    expect(beyond.status).toBe(403);
    expect((await errorOf(beyond)).fields?.roleId).toBe(messages.roleBeyondOwn);
    expect(await h.db.select().from(apiKeys).where(eq(apiKeys.name, 'Admin by Kim'))).toHaveLength(0);

    const within = await asKim('POST', base, { name: 'Reader by Kim', roleId: roleId('riverside', 'Read Only') });
    expect(within.status).toBe(201);
    const readerByKim = (await within.json()) as ApiKeyCreated;
    const raise = await asKim('PATCH', `${base}/${readerByKim.id}`, { version: 1, roleId: roleId('riverside', 'Practice Administrator') });
    expect(raise.status).toBe(403);

    // Switching a key she could not have made back on is raising it too; switching it off is not.
    const adminKey = await createKey('Admin key', 'Administrator');
    expect((await asKim('PATCH', `${base}/${adminKey.id}`, { version: 1, active: false })).status).toBe(200);
    expect((await asKim('PATCH', `${base}/${adminKey.id}`, { version: 2, active: true })).status).toBe(403);

    // A key holding the key manager's role may not make a key beyond it either.
    const managerKey = await createKey('Key maker', role!.id);
    const byKey = await withKey(managerKey.secret, base, { method: 'POST', json: { name: 'Admin by key', roleId: roleId('riverside', 'Administrator') } });
    expect(byKey.status).toBe(403);
  });

  it('a key whose role was deleted may do nothing', async () => {
    const [role] = await h.db.insert(roles).values({ accountId: h.accounts.riverside.id, name: 'Short-lived', resources: grantAll(() => true, ['GET']), createdBy: 'test', modifiedBy: 'test' }).returning();
    const created = await createKey('Orphan', role!.id);
    expect((await withKey(created.secret, '/issues')).status).toBe(200);
    await h.db.delete(roles).where(eq(roles.id, role!.id));
    await vi.waitFor(async () => expect((await withKey(created.secret, '/issues')).status).toBe(403), { timeout: 10_000, interval: 50 });
    expect((await getKey(created.id)).roleId).toBeNull();
  });
});

describe('search (the palette)', () => {
  it('finds the account’s keys by name, typo-tolerant, for roles that may read keys only', async () => {
    const created = await createKey('Payroll bridge');
    const answer = (await (await h.call('viewer', `/search?q=${encodeURIComponent('payrol brige')}`)).json()) as SearchAnswer;
    const group = answer.groups.find((g) => g.type === 'apikey');
    expect(group?.label).toBe('API Keys');
    expect(group?.hits.map((hit) => hit.id)).toContain(created.id);
    expect(group?.hits.find((hit) => hit.id === created.id)?.path).toBe(`/system/apikeys/${created.id}`);
    const scheduler = await riversideHolderOf(h, 'Scheduler');
    try {
      const answer = (await (await h.call('viewer', `/search?q=${encodeURIComponent('Payroll bridge')}`, { token: scheduler.token })).json()) as SearchAnswer;
      expect(answer.groups.find((g) => g.type === 'apikey')).toBeUndefined();
    } finally {
      await scheduler.restore();
    }
    const lakeside = (await (await h.call('admin', `/search?q=${encodeURIComponent('Payroll bridge')}&accountId=${h.accounts.lakeside.id}`)).json()) as SearchAnswer;
    expect(lakeside.groups.find((g) => g.type === 'apikey')?.hits ?? []).toEqual([]);
  });
});
