import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { createRemoteJWKSet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../app.ts';
import { CallerCache } from '../../auth/callers.ts';
import { connect, type Database } from '../../db/client.ts';
import { getFreePort } from '../../db/postgres.ts';
import { oidcPayloads } from '../../db/schema/index.ts';
import { seedId } from '../../seed/seed.ts';
import type { AppEnv } from '../../env.ts';
import { startIdp, type Idp } from '../../idp/index.ts';
import { AUDIENCE, createHarness, type Harness } from '../../test/harness.ts';

/**
 * Issue 24: signing out through the API ends the whole grant — the access token, the refresh
 * token and the provider's session — not only the access token. Real tokens: a sign-in through
 * the embedded provider on the test's database, exactly as the SPA's SDK does it.
 */
const CLIENT_ID = 'astera-portal';
const SPA_ORIGIN = 'http://localhost:3999';
const REDIRECT_URI = `${SPA_ORIGIN}/login/callback`;
const manager = { sub: seedId('principal:manager'), email: 'manager@astera.test', name: 'Practice Manager' };
const PASSWORD = 'logout-test-password';

let h: Harness;
let database: Database;
let idp: Idp;
let api: Hono<AppEnv>;
let dir: string;

beforeAll(async () => {
  h = await createHarness();
  database = connect(h.url);
  dir = await mkdtemp(path.join(os.tmpdir(), 'astera-logout-'));
  const port = await getFreePort();
  idp = await startIdp({
    port,
    issuer: `http://localhost:${port}/`,
    clientId: CLIENT_ID,
    audience: AUDIENCE,
    redirectUris: [REDIRECT_URI],
    postLogoutRedirectUris: [SPA_ORIGIN],
    keyFile: path.join(dir, 'idp-keys.json'),
    database,
    authenticate: async (email, password) => (email === manager.email && password === PASSWORD ? manager : null),
    findUser: async (sub) => (sub === manager.sub ? manager : null),
  });
  // The API trusts this provider, as the started product does.
  api = createApi({ ...h.deps, issuer: idp.url, keys: createRemoteJWKSet(new URL('.well-known/jwks.json', idp.url)) });
}, 120_000);
afterAll(async () => {
  await idp?.close();
  await database?.close();
  await h?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A cookie jar and manual redirects: just enough of a browser for the provider's pages. */
function browser() {
  const cookies = new Map<string, string>();
  return async (url: string | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(pair.slice(0, at).trim());
      else cookies.set(pair.slice(0, at).trim(), value);
    }
    return res;
  };
}

/** Follows redirects on the provider until one leaves it (the SPA's callback) or a page is answered. */
async function follow(request: ReturnType<typeof browser>, res: Response): Promise<{ res: Response; url: URL }> {
  let url = new URL(idp.url);
  while (res.status >= 300 && res.status < 400) {
    url = new URL(res.headers.get('location')!, url);
    if (url.origin !== new URL(idp.url).origin) return { res, url };
    await res.body?.cancel();
    res = await request(url);
  }
  return { res, url };
}

async function tokenRequest(body: Record<string, string>) {
  const res = await fetch(new URL('oauth/token', idp.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SPA_ORIGIN },
    body: new URLSearchParams(body),
  });
  return { status: res.status, json: (await res.json()) as { access_token?: string; refresh_token?: string; error?: string } };
}

/** Authorization code + PKCE with offline_access, as auth0-spa-js does it. */
async function signIn(request: ReturnType<typeof browser>) {
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL('authorize', idp.url);
  for (const [k, v] of Object.entries({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    audience: AUDIENCE,
    scope: 'openid profile email offline_access',
    response_type: 'code',
    response_mode: 'query',
    state: randomBytes(16).toString('base64url'),
    nonce: randomBytes(16).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })) {
    authorize.searchParams.set(k, v);
  }
  const { res: page, url } = await follow(request, await request(authorize));
  const action = /<form[^>]*action="([^"]+)"/.exec(await page.text())![1]!.replace(/&amp;/g, '&');
  const submitted = await request(new URL(action, url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: manager.email, password: PASSWORD }),
  });
  const { url: callback } = await follow(request, submitted);
  const code = callback.searchParams.get('code');
  expect(code).toEqual(expect.any(String));
  const exchanged = await tokenRequest({ client_id: CLIENT_ID, code_verifier: verifier, grant_type: 'authorization_code', code: code!, redirect_uri: REDIRECT_URI });
  expect(exchanged.status).toBe(200);
  return { accessToken: exchanged.json.access_token!, refreshToken: exchanged.json.refresh_token! };
}

const refresh = (refreshToken: string) => tokenRequest({ client_id: CLIENT_ID, grant_type: 'refresh_token', refresh_token: refreshToken, audience: AUDIENCE });
const asBearer = (token: string, route: string, method = 'GET') => api.request(route, { method, headers: { Authorization: `Bearer ${token}` } });
const sessionsOfManager = async () =>
  (await database.db.select({ id: oidcPayloads.id }).from(oidcPayloads).where(and(eq(oidcPayloads.model, 'Session'), sql`${oidcPayloads.payload}->>'accountId' = ${manager.sub}`))).length;

describe('POST /auth/logout ends the whole grant (issue 24)', () => {
  it('afterwards the refresh token gets no new access token (invalid_grant), the old access token is 401, and the session is gone', async () => {
    const request = browser();
    const first = await signIn(request);
    // The tokens work: patient data is read, and the refresh token gets a new access token.
    expect((await asBearer(first.accessToken, '/person/persons')).status).toBe(200);
    const refreshed = await refresh(first.refreshToken);
    expect(refreshed.status, JSON.stringify(refreshed.json)).toBe(200);
    const { access_token: accessToken, refresh_token: refreshToken } = refreshed.json;
    expect((await asBearer(accessToken!, '/person/persons')).status).toBe(200);
    expect(await sessionsOfManager()).toBeGreaterThan(0);

    // An API client signs out through the API only (no revocation at the provider).
    expect((await asBearer(accessToken!, '/auth/logout', 'POST')).status).toBe(204);

    const after = await refresh(refreshToken!);
    expect(after.status).toBe(400);
    expect(after.json.error).toBe('invalid_grant');
    expect((await asBearer(accessToken!, '/person/persons')).status).toBe(401);
    expect(await sessionsOfManager()).toBe(0);
  });

  it('ends only its own grant: another sign-in of the same user keeps working', async () => {
    const kept = await signIn(browser());
    const ended = await signIn(browser());
    expect((await asBearer(ended.accessToken, '/auth/logout', 'POST')).status).toBe(204);
    expect((await refresh(ended.refreshToken)).json.error).toBe('invalid_grant');
    const stillIn = await refresh(kept.refreshToken);
    expect(stillIn.status, JSON.stringify(stillIn.json)).toBe(200);
    expect((await asBearer(stillIn.json.access_token!, '/person/persons')).status).toBe(200);
  });
});

/** Polls until `check` holds; the deadline is generous (a notification's delivery is not timed). */
async function eventually(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('POST /auth/logout ends every access token of the sign-in (issue 40)', () => {
  it('a second access token of the sign-in (from a refresh) is refused after logout with the first, in every server process; another sign-in of the same user still works', async () => {
    // Another server process: its own cache of callers, cleared only by the database's notifications.
    const otherCallers = new CallerCache(h.url);
    await otherCallers.start();
    const otherApi = createApi({ ...h.deps, issuer: idp.url, keys: createRemoteJWKSet(new URL('.well-known/jwks.json', idp.url)), callers: otherCallers });
    try {
      expect(otherCallers.listening).toBe(true);
      const first = await signIn(browser());
      const refreshed = await refresh(first.refreshToken);
      expect(refreshed.status, JSON.stringify(refreshed.json)).toBe(200);
      const second = refreshed.json.access_token!;
      const elsewhere = await signIn(browser());
      const read = async (app: Hono<AppEnv>, token: string) =>
        (await app.request('/person/persons', { headers: { Authorization: `Bearer ${token}` } })).status;
      // Both processes have both callers cached.
      for (const app of [api, otherApi]) {
        expect(await read(app, second)).toBe(200);
        expect(await read(app, elsewhere.accessToken)).toBe(200);
      }

      expect((await asBearer(first.accessToken, '/auth/logout', 'POST')).status).toBe(204);

      expect(await read(api, first.accessToken)).toBe(401);
      expect(await read(api, second)).toBe(401);
      await eventually(async () => (await read(otherApi, second)) === 401, 'the other process refuses the second token');
      expect(await read(otherApi, first.accessToken)).toBe(401);
      // The same user's other sign-in is not ended.
      expect(await read(api, elsewhere.accessToken)).toBe(200);
      expect(await read(otherApi, elsewhere.accessToken)).toBe(200);
    } finally {
      await otherCallers.close();
    }
  });
});
