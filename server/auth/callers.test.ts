import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../../domain/messages.ts';
import { createApi } from '../app.ts';
import { roles } from '../db/schema/index.ts';
import { roleId, seedId } from '../seed/seed.ts';
import { write } from '../write.ts';
import type { AppEnv } from '../env.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { authenticate, resolveAccount } from './authenticate.ts';
import { CallerCache, loadIdentity } from './callers.ts';

let h: Harness;
/** Listens in another database, so it never hears this one's notifications: only a writer's own clearing reaches it. */
let deaf: CallerCache;
let deafApi: ReturnType<typeof createApi>;
/** A second connection, as another server process or a DBA would change things. */
let other: pg.Client;

beforeAll(async () => {
  h = await createHarness();
  deaf = new CallerCache(inject('pgAdminUrl'));
  await deaf.start();
  deafApi = createApi({ ...h.deps, callers: deaf });
  other = new pg.Client({ connectionString: h.url });
  await other.connect();
});
afterAll(async () => {
  await other.end();
  await deaf.close();
  await h.close();
});

const viewerId = seedId('person:viewer');
const riverside = () => h.accounts.riverside.id;

async function ask(api: Hono<AppEnv>, token: string, path = '/permissions/accesspolicy') {
  return api.request(path, { headers: { Authorization: `Bearer ${token}` } });
}

/** A write as the instance administrator through the deaf API (this process). */
async function asAdmin(method: string, path: string, json?: unknown) {
  const res = await deafApi.request(path, {
    method,
    headers: { Authorization: `Bearer ${await h.token('admin')}`, 'Content-Type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.status === 204 ? null : res.json();
}

/** Polls until `check` holds; the deadline is generous (a notification's delivery is not timed). */
async function eventually(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the caller in one round trip', () => {
  it('loads user, home account, role and the assumed accounts that are really actable', async () => {
    const identity = await loadIdentity(h.db, seedId('principal:manager'), 'some-token-id');
    expect(identity.revoked).toBe(false);
    expect(identity.user).toMatchObject({
      personId: seedId('person:manager'),
      home: { id: riverside(), name: 'Riverside Family Practice', active: true },
      role: { id: roleId('riverside', 'Practice Administrator'), name: 'Practice Administrator' },
      actable: [
        { accountId: h.accounts.lakeside.id, accountName: 'Lakeside Pediatrics', name: 'Lakeside Pediatrics', role: { id: roleId('lakeside', 'Practice Administrator') } },
      ],
    });
    expect((await loadIdentity(h.db, 'nobody', null)).user).toBeNull();
  });
});

describe('a cached caller is never served after a change the same process made', () => {
  it('is cached: a change the deaf cache does not hear is not seen with the same token', async () => {
    const token = await h.token('viewer');
    expect((await ask(deafApi, token)).status).toBe(200);
    await other.query('update users set active = false where person_id = $1', [viewerId]);
    try {
      expect((await ask(deafApi, token)).status).toBe(200);
      // A new token is a new key: it sees the change.
      expect((await ask(deafApi, await h.token('viewer'))).status).toBe(403);
    } finally {
      await other.query('update users set active = true where person_id = $1', [viewerId]);
      deaf.clear();
    }
  });

  it('a user deactivated through the API is refused on their very next request', async () => {
    const token = await h.token('viewer');
    expect((await ask(deafApi, token)).status).toBe(200);
    const user = await asAdmin('GET', `/person/users/${viewerId}?accountId=${riverside()}`);
    await asAdmin('PATCH', `/person/users/${viewerId}?accountId=${riverside()}`, { version: user.version, active: false });
    try {
      const refused = await ask(deafApi, token);
      expect(refused.status).toBe(403);
      expect((await refused.json()).error.message).toBe(messages.unknownUser);
    } finally {
      await other.query('update users set active = true where person_id = $1', [viewerId]);
      deaf.clear();
    }
  });

  it("a user's role changed through the API: the very next request has the new role's grants", async () => {
    const token = await h.token('viewer');
    expect((await ask(deafApi, token)).status).toBe(200);
    expect((await ask(deafApi, token, '/audit/recent')).status).toBe(200);
    const user = await asAdmin('GET', `/person/users/${viewerId}?accountId=${riverside()}`);
    const manager = await asAdmin('GET', `/person/users/${seedId('person:manager')}?accountId=${riverside()}`);
    await asAdmin('PATCH', `/person/users/${viewerId}?accountId=${riverside()}`, { version: user.version, roleId: manager.roleId });
    try {
      expect(await (await ask(deafApi, token)).json()).toMatchObject({ role: 'Practice Administrator' });
    } finally {
      await other.query('update users set role_id = $2 where person_id = $1', [viewerId, roleId('riverside', 'Read Only')]);
      deaf.clear();
    }
  });

  it("a role's grants changed by any write of this process: the very next request has them", async () => {
    // No roles screen yet: a route of this test writes the way every route does (`write`).
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('deps', { ...h.deps, callers: deaf });
        await next();
      })
      .use(authenticate, resolveAccount)
      .post('/revoke-grants', async (c) => {
        await write(c, ({ tx }) => tx.update(roles).set({ resources: {} }).where(eq(roles.id, roleId('riverside', 'Read Only'))));
        return c.body(null, 204);
      });
    const readOnly = roleId('riverside', 'Read Only');
    const { rows } = await other.query('select resources from roles where id = $1', [readOnly]);
    const token = await h.token('viewer');
    expect((await ask(deafApi, token, '/audit/recent')).status).toBe(200);
    expect((await app.request('/revoke-grants', { method: 'POST', headers: { Authorization: `Bearer ${token}` } })).status).toBe(204);
    try {
      expect((await ask(deafApi, token, '/audit/recent')).status).toBe(403);
    } finally {
      await other.query('update roles set resources = $2 where id = $1', [readOnly, JSON.stringify(rows[0].resources)]);
      deaf.clear();
    }
  });

  it('an account deactivated through the API: its users are refused on their very next request', async () => {
    const token = await h.token('viewer');
    expect((await ask(deafApi, token)).status).toBe(200);
    const account = await asAdmin('GET', `/accounts/account?accountId=${riverside()}`);
    await asAdmin('PATCH', `/accounts/account?accountId=${riverside()}`, { version: account.version, active: false });
    try {
      expect((await ask(deafApi, token)).status).toBe(403);
    } finally {
      await other.query('update accounts set active = true where id = $1', [riverside()]);
      deaf.clear();
    }
  });

  it('a token revoked at logout is refused on its very next request', async () => {
    const token = await h.token('viewer');
    expect((await ask(deafApi, token)).status).toBe(200);
    const logout = await deafApi.request('/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(logout.status).toBe(204);
    const refused = await ask(deafApi, token);
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.message).toBe(messages.tokenRevoked);
  });

  it("logout ends the sign-in the token's `sid` names (issue 40: a provider without grant_id, e.g. Auth0): its other tokens are refused, other sign-ins' are not", async () => {
    const sid = `sid-${crypto.randomUUID()}`;
    const [first, second, otherSignIn, noSignIn] = await Promise.all([
      h.token('viewer', { sid }),
      h.token('viewer', { sid }),
      h.token('viewer', { sid: `sid-${crypto.randomUUID()}` }),
      h.token('viewer'),
    ]);
    for (const token of [second, otherSignIn, noSignIn]) expect((await ask(h.api, token)).status).toBe(200);
    expect((await h.api.request('/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${first}` } })).status).toBe(204);
    const refused = await ask(h.api, second);
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.message).toBe(messages.tokenRevoked);
    // A token whose grant_id happens to equal another sign-in's sid is another sign-in: the claims are kept apart.
    expect((await ask(h.api, await h.token('viewer', { grant_id: sid }))).status).toBe(200);
    expect((await ask(h.api, otherSignIn)).status).toBe(200);
    expect((await ask(h.api, noSignIn)).status).toBe(200);
  });
});

describe('a change made through another connection reaches the cache by notification', () => {
  const readOnly = roleId('riverside', 'Read Only');

  it('a user deactivated, a role changed, an account deactivated, a token revoked', async () => {
    const cases: { change: string; params: unknown[]; undo: string; status: number }[] = [
      { change: 'update users set active = false where person_id = $1', params: [viewerId], undo: 'update users set active = true where person_id = $1', status: 403 },
      { change: `update roles set resources = '{}' where id = $1`, params: [readOnly], undo: '', status: 403 },
      { change: 'update accounts set active = false where id = $1', params: [riverside()], undo: 'update accounts set active = true where id = $1', status: 403 },
    ];
    const { rows } = await other.query('select resources from roles where id = $1', [readOnly]);
    for (const { change, params, undo, status } of cases) {
      const token = await h.token('viewer');
      expect((await ask(h.api, token, '/audit/recent')).status).toBe(200);
      await other.query(change, params);
      try {
        await eventually(async () => (await ask(h.api, token, '/audit/recent')).status === status, change);
      } finally {
        if (undo) await other.query(undo, params);
        else await other.query('update roles set resources = $2 where id = $1', [readOnly, JSON.stringify(rows[0].resources)]);
      }
      await eventually(async () => (await ask(h.api, token, '/audit/recent')).status === 200, `undo of ${change}`);
    }

    const token = await h.token('viewer');
    expect((await ask(h.api, token)).status).toBe(200);
    const { jti, exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string; exp: number };
    await other.query('insert into revoked_tokens (jti, expires_at) values ($1, to_timestamp($2))', [jti, exp]);
    await eventually(async () => (await ask(h.api, token)).status === 401, 'revocation');
  });

  it('after losing its listening connection the cache clears, reconnects and listens again', async () => {
    const token = await h.token('viewer');
    expect((await ask(h.api, token)).status).toBe(200);
    expect(h.callers.listening).toBe(true);
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN astera_callers'`.replace(
          'current_database()',
          `'${new URL(h.url).pathname.slice(1)}'`,
        ),
      );
      expect(rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await eventually(async () => !h.callers.listening, 'the loss is noticed');
    // What changes while nobody listens is not missed: nothing is cached meanwhile, all is cleared on return.
    await other.query('update users set active = false where person_id = $1', [viewerId]);
    try {
      await eventually(async () => (await ask(h.api, token)).status === 403, 'the change is seen');
      await eventually(async () => h.callers.listening, 'listening again');
    } finally {
      await other.query('update users set active = true where person_id = $1', [viewerId]);
    }
    await eventually(async () => (await ask(h.api, token)).status === 200, 'the undo is seen');
    // And notifications are heard again.
    await other.query('update users set active = false where person_id = $1', [viewerId]);
    try {
      await eventually(async () => (await ask(h.api, token)).status === 403, 'a change after the reconnection is seen');
    } finally {
      await other.query('update users set active = true where person_id = $1', [viewerId]);
    }
  });
});
