/**
 * The embedded IdP driven with plain fetch exactly the way @auth0/auth0-spa-js drives Auth0:
 * authorization code + PKCE, refresh with audience, silent sign-in (web_message), /v2/logout.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect, type Database } from '../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { messages, tooManySignInAttempts } from '../../domain/messages.ts';
import { logIdpError, startIdp, type Idp, type IdpUser } from './index.ts';
import { browser, follow, formAction, hiddenInputs, location, pkce, type Browser } from '../test/sign-in-client.ts';

const CLIENT_ID = 'astera-portal';
const AUDIENCE = 'https://api.astera.test';
const SPA_ORIGIN = 'http://localhost:3999';
const REDIRECT_URI = `${SPA_ORIGIN}/login/callback`;
const AUTH0_CLIENT = Buffer.from(JSON.stringify({ name: 'auth0-spa-js', version: '2.28.3' })).toString('base64');

const ann: IdpUser = { sub: 'user-ann', email: 'ann@example.test', name: 'Ann Example' };
const bob: IdpUser = { sub: 'user-bob', email: 'bob@example.test', name: 'Bob Example' };
const PASSWORD = 'correct horse battery staple';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const formHeaders = {
  'content-type': 'application/x-www-form-urlencoded',
  'auth0-client': AUTH0_CLIENT,
  origin: SPA_ORIGIN,
};

type TokenResponse = {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
  scope?: string;
  error?: string;
};

describe('embedded IdP (Auth0-compatible)', () => {
  let idp: Idp;
  let issuer: string;
  let dir: string;
  let keyFile: string;
  let testDb: TestDatabase;
  let database: Database;
  const users = new Map([
    [ann.email, ann],
    [bob.email, bob],
  ]);

  const options = (port: number) => ({
    port,
    issuer: `http://localhost:${port}/`,
    clientId: CLIENT_ID,
    audience: AUDIENCE,
    redirectUris: [REDIRECT_URI],
    postLogoutRedirectUris: [SPA_ORIGIN, `${SPA_ORIGIN}/`],
    keyFile,
    database,
    async authenticate(email: string, password: string) {
      const user = users.get(email.toLowerCase());
      return user && password === PASSWORD ? user : null;
    },
    async findUser(sub: string) {
      return [...users.values()].find((user) => user.sub === sub) ?? null;
    },
  });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'astera-idp-'));
    keyFile = path.join(dir, 'nested', 'idp-keys.json');
    testDb = await createTestDatabase();
    database = connect(testDb.url);
    const port = await freePort();
    idp = await startIdp(options(port));
    issuer = idp.url;
  });

  afterAll(async () => {
    await idp?.close();
    await database?.close();
    await testDb?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  function authorizeUrl(params: Record<string, string>): URL {
    const url = new URL('/authorize', issuer);
    const defaults = {
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      audience: AUDIENCE,
      scope: 'openid profile email offline_access',
      response_type: 'code',
      response_mode: 'query',
      state: Buffer.from(randomBytes(24).toString('base64url')).toString('base64'),
      nonce: Buffer.from(randomBytes(24).toString('base64url')).toString('base64'),
      code_challenge_method: 'S256',
    };
    for (const [key, value] of Object.entries({ ...defaults, ...params })) url.searchParams.set(key, value);
    url.searchParams.set('auth0Client', AUTH0_CLIENT);
    return url;
  }

  async function token(
    body: Record<string, string>,
    init: { json?: boolean; base?: string } = {},
  ): Promise<{ status: number; json: TokenResponse; cors: string | null }> {
    const response = await fetch(new URL('/oauth/token', init.base ?? issuer), {
      method: 'POST',
      headers: init.json ? { ...formHeaders, 'content-type': 'application/json' } : formHeaders,
      body: init.json ? JSON.stringify(body) : new URLSearchParams(body),
    });
    return { status: response.status, json: (await response.json()) as TokenResponse, cors: response.headers.get('access-control-allow-origin') };
  }

  async function verifyAccessToken(accessToken: string) {
    const jwks = createRemoteJWKSet(new URL('/.well-known/jwks.json', issuer));
    const { payload, protectedHeader } = await jwtVerify(accessToken, jwks, { audience: AUDIENCE, issuer });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ sub: ann.sub, client_id: CLIENT_ID, aud: AUDIENCE, iss: issuer });
    expect(payload.jti).toEqual(expect.any(String));
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(String(payload.scope).split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
    return payload;
  }

  const refresh = (refreshToken: string, base?: string) =>
    token({ client_id: CLIENT_ID, grant_type: 'refresh_token', refresh_token: refreshToken, audience: AUDIENCE }, { base });

  /** Exactly what auth0-spa-js's revokeRefreshToken() posts (useFormData defaults to true). */
  const revoke = (refreshToken: string, base = issuer) =>
    fetch(new URL('/oauth/revoke', base), {
      method: 'POST',
      headers: formHeaders,
      body: new URLSearchParams({ client_id: CLIENT_ID, token_type_hint: 'refresh_token', token: refreshToken }),
    });

  /** Posts the provider's sign-in form of a new authorization request; returns the answer. */
  async function submitLogin(client: Browser, email: string, password: string, challenge = pkce().challenge, forwardedFor?: string): Promise<Response> {
    const { response, url } = await follow(client, await client.request(authorizeUrl({ code_challenge: challenge })), issuer);
    const action = new URL(formAction(await response.text()), url);
    return client.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(forwardedFor && { 'x-forwarded-for': forwardedFor }) },
      body: new URLSearchParams({ email, password }),
    });
  }

  /** A whole sign-in as the SDK does it, in `client`'s cookie jar. */
  async function signIn(client: Browser): Promise<TokenResponse> {
    const { verifier, challenge } = pkce();
    const { url: callback } = await follow(client, await submitLogin(client, ann.email, PASSWORD, challenge), issuer);
    const code = callback.searchParams.get('code');
    expect(code).toEqual(expect.any(String));
    const exchanged = await token({ client_id: CLIENT_ID, code_verifier: verifier, grant_type: 'authorization_code', code: code!, redirect_uri: REDIRECT_URI });
    expect(exchanged.status).toBe(200);
    return exchanged.json;
  }

  // One sign-in shared by the steps below, in order (vitest runs tests in a file sequentially).
  const user = browser();
  const session: { refreshToken?: string; accessToken?: string } = {};

  it('serves Auth0-style discovery and JWKS', async () => {
    const discovery = (await (await fetch(new URL('/.well-known/openid-configuration', issuer))).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}authorize`,
      token_endpoint: `${issuer}oauth/token`,
      revocation_endpoint: `${issuer}oauth/revoke`,
      userinfo_endpoint: `${issuer}userinfo`,
      end_session_endpoint: `${issuer}v2/logout`,
      jwks_uri: `${issuer}.well-known/jwks.json`,
    });
    expect(discovery.response_modes_supported).toContain('web_message');
    const jwks = (await (await fetch(new URL('/.well-known/jwks.json', issuer))).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('signs in with authorization code + PKCE and issues an RS256 JWT access token for the audience', async () => {
    const { verifier, challenge } = pkce();
    const authorize = authorizeUrl({ code_challenge: challenge });
    const state = authorize.searchParams.get('state')!;
    const nonce = authorize.searchParams.get('nonce')!;

    const { response: loginResponse, url: loginUrl } = await follow(user, await user.request(authorize), issuer);
    expect(loginUrl.pathname).toMatch(/^\/interaction\/[\w-]+$/);
    expect(loginResponse.status).toBe(200);
    // The form posts here and its redirects lead to the SPA's callback, nowhere else.
    expect(loginResponse.headers.get('content-security-policy')).toMatch(new RegExp(`; form-action 'self' ${SPA_ORIGIN}$`));
    const loginHtml = await loginResponse.text();
    expect(loginHtml).toContain('<html lang="en">');
    expect(loginHtml).toContain('<title>Sign in · Astera</title>');
    expect(loginHtml).toMatch(/<main>[\s\S]*<h1>Sign in<\/h1>/);
    expect(loginHtml).toContain('<label for="email">Email</label>');
    expect(loginHtml).toMatch(/<input id="email" name="email" type="email" autocomplete="username"/);
    expect(loginHtml).toContain('<label for="password">Password</label>');
    expect(loginHtml).toMatch(/<input id="password" name="password" type="password"/);
    expect(loginHtml).toContain('<button type="submit">Sign in</button>');
    expect(loginHtml).not.toContain('Invalid email or password');
    const action = new URL(formAction(loginHtml), loginUrl);

    const wrong = await user.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: ann.email, password: 'nope' }),
    });
    expect([200, 401]).toContain(wrong.status);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain('<p class="alert" role="alert">Invalid email or password</p>');
    expect(wrongHtml).toContain(`value="${ann.email}"`);

    const unknown = await user.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: '"><script>alert(1)</script>', password: 'x' }),
    });
    const unknownHtml = await unknown.text();
    expect(unknownHtml).toContain('Invalid email or password');
    expect(unknownHtml).not.toContain('<script>alert(1)</script>');
    expect(unknownHtml).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');

    const right = await user.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: ann.email, password: PASSWORD }),
    });
    const { url: callback } = await follow(user, right, issuer);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(state);
    const code = callback.searchParams.get('code');
    expect(code).toEqual(expect.any(String));

    // Exactly what auth0-spa-js posts (useFormData defaults to true).
    const exchanged = await token({
      client_id: CLIENT_ID,
      code_verifier: verifier,
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: REDIRECT_URI,
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.cors).toBe(SPA_ORIGIN);
    expect(exchanged.json).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'openid profile email offline_access' });
    expect(exchanged.json.refresh_token).toEqual(expect.any(String));
    await verifyAccessToken(exchanged.json.access_token);

    const idToken = exchanged.json.id_token;
    expect(decodeProtectedHeader(idToken).alg).toBe('RS256');
    const { payload: claims } = await jwtVerify(idToken, createRemoteJWKSet(new URL('/.well-known/jwks.json', issuer)), {
      audience: CLIENT_ID,
      issuer,
    });
    expect(claims).toMatchObject({ sub: ann.sub, email: ann.email, name: ann.name, nonce });

    session.refreshToken = exchanged.json.refresh_token;
    session.accessToken = exchanged.json.access_token;
  });

  it('refuses request parameters with NUL characters as a bad request, not a server error', async () => {
    const response = await browser().request(authorizeUrl({ code_challenge: pkce().challenge, nonce: 'a\u0000b' }));
    // As OAuth has it, the error goes back to the client's redirect URI.
    const target = location(response, issuer);
    expect(`${target.origin}${target.pathname}`).toBe(REDIRECT_URI);
    expect(target.searchParams.get('error')).toBe('invalid_request');
    expect(target.searchParams.get('error_description')).toContain('NUL');
  });

  it('answers CORS preflights from the SPA origin for the headers the SDK sends', async () => {
    const preflight = await fetch(new URL('/oauth/token', issuer), {
      method: 'OPTIONS',
      headers: {
        origin: SPA_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'auth0-client,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SPA_ORIGIN);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('auth0-client');

    const foreign = await fetch(new URL('/oauth/token', issuer), {
      method: 'POST',
      headers: { ...formHeaders, origin: 'http://evil.test' },
      body: new URLSearchParams({ client_id: CLIENT_ID, grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refreshes with the audience (form or JSON body) and rotates the refresh token', async () => {
    const refreshed = await token({
      client_id: CLIENT_ID,
      grant_type: 'refresh_token',
      refresh_token: session.refreshToken!,
      redirect_uri: REDIRECT_URI,
      audience: AUDIENCE,
      scope: 'openid profile email offline_access',
    });
    expect(refreshed.json).not.toHaveProperty('error');
    await verifyAccessToken(refreshed.json.access_token);
    expect(refreshed.json.access_token).not.toBe(session.accessToken);
    expect(decodeJwt(refreshed.json.id_token)).toMatchObject({ sub: ann.sub, email: ann.email, name: ann.name, aud: CLIENT_ID });
    expect(refreshed.json.refresh_token).toEqual(expect.any(String));
    expect(refreshed.json.refresh_token).not.toBe(session.refreshToken);

    const json = await token(
      { client_id: CLIENT_ID, grant_type: 'refresh_token', refresh_token: refreshed.json.refresh_token!, audience: AUDIENCE },
      { json: true },
    );
    expect(json.status).toBe(200);
    await verifyAccessToken(json.json.access_token);

    session.refreshToken = json.json.refresh_token;

    // On its own sign-in: the refused request still uses its refresh token up (rotation happens first).
    const otherAudience = await token({
      client_id: CLIENT_ID,
      grant_type: 'refresh_token',
      refresh_token: (await signIn(browser())).refresh_token!,
      audience: 'https://elsewhere.test',
    });
    expect(otherAudience.status).toBe(400);
    expect(otherAudience.json.error).toBe('invalid_target');
  });

  it('keeps sessions and refresh tokens across a restart (state in PostgreSQL)', async () => {
    await idp.close();
    idp = await startIdp(options(Number(new URL(issuer).port)));

    const refreshed = await refresh(session.refreshToken!);
    expect(refreshed.status).toBe(200);
    await verifyAccessToken(refreshed.json.access_token);
    session.refreshToken = refreshed.json.refresh_token;

    // The browser's provider session survived too: a silent sign-in still gets a code.
    const silent = await user.request(
      authorizeUrl({ code_challenge: pkce().challenge, prompt: 'none', response_mode: 'web_message', scope: 'openid profile email' }),
    );
    const data = JSON.parse(/var data = (\{.*\});/.exec(await silent.text())![1]!) as { response: Record<string, string> };
    expect(data.response.code).toEqual(expect.any(String));
  });

  it('runs no timer in its process: its expired rows are deleted by the job queue, once for all processes (server/idp/tasks.ts)', async () => {
    // The sign-in throttle's store would otherwise clean its table on a timer of its own too.
    const intervals = vi.spyOn(globalThis, 'setInterval');
    const timeouts = vi.spyOn(globalThis, 'setTimeout');
    const second = await startIdp(options(await freePort()));
    try {
      expect(intervals).not.toHaveBeenCalled();
      // Short timeouts of requests in flight (the HTTP client's) are no periodic work.
      expect(timeouts.mock.calls.filter(([, delay]) => (delay ?? 0) >= 60_000)).toEqual([]);
    } finally {
      intervals.mockRestore();
      timeouts.mockRestore();
      await second.close();
    }
  });

  it('shares refresh tokens with a second provider process on the same database, which sees their revocation', async () => {
    const secondPort = await freePort();
    const second = await startIdp({ ...options(secondPort), issuer });
    const secondBase = `http://localhost:${secondPort}/`;
    try {
      const signedIn = await signIn(browser());
      const atSecond = await refresh(signedIn.refresh_token!, secondBase);
      expect(atSecond.status).toBe(200);
      await verifyAccessToken(atSecond.json.access_token);

      // Sign-out in the SPA revokes the refresh token; the SDK's request is cross-origin with its own header.
      const preflight = await fetch(new URL('/oauth/revoke', issuer), {
        method: 'OPTIONS',
        headers: { origin: SPA_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'auth0-client,content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(SPA_ORIGIN);
      const revoked = await revoke(atSecond.json.refresh_token!);
      expect(revoked.status).toBe(200);
      expect(revoked.headers.get('access-control-allow-origin')).toBe(SPA_ORIGIN);

      for (const base of [secondBase, issuer]) {
        const after = await refresh(atSecond.json.refresh_token!, base);
        expect(after.status).toBe(400);
        expect(after.json.error).toBe('invalid_grant');
      }
      // Revoking a refresh token ends its whole grant: the one rotated away from is no use either.
      expect((await refresh(signedIn.refresh_token!, secondBase)).json.error).toBe('invalid_grant');
    } finally {
      await second.close();
    }
  });

  it('signs in silently in an iframe (prompt=none, web_message) while the session lasts', async () => {
    const { verifier, challenge } = pkce();
    const authorize = authorizeUrl({ code_challenge: challenge, prompt: 'none', response_mode: 'web_message', scope: 'openid profile email' });
    const response = await user.request(authorize);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-frame-options')).toBeNull();
    const html = await response.text();
    const data = JSON.parse(/var data = (\{.*\});/.exec(html)![1]!) as { response: Record<string, string>; redirect_uri: string };
    expect(data.redirect_uri).toBe(REDIRECT_URI);
    expect(data.response.state).toBe(authorize.searchParams.get('state'));
    const exchanged = await token({
      client_id: CLIENT_ID,
      code_verifier: verifier,
      grant_type: 'authorization_code',
      code: data.response.code!,
      redirect_uri: REDIRECT_URI,
    });
    expect(exchanged.status).toBe(200);
    await verifyAccessToken(exchanged.json.access_token);
    // As on Auth0: no offline_access requested, no refresh token.
    expect(exchanged.json).not.toHaveProperty('refresh_token');
  });

  it('never shows a consent screen, even for prompt=consent', async () => {
    const { verifier, challenge } = pkce();
    const authorize = authorizeUrl({ code_challenge: challenge, prompt: 'consent' });
    const { url: callback } = await follow(user, await user.request(authorize), issuer);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    const exchanged = await token({
      client_id: CLIENT_ID,
      code_verifier: verifier,
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
    });
    expect(exchanged.status).toBe(200);
    await verifyAccessToken(exchanged.json.access_token);
  });

  it('logs out at /v2/logout without a confirmation and returns to returnTo', async () => {
    const logout = new URL('/v2/logout', issuer);
    logout.searchParams.set('client_id', CLIENT_ID);
    logout.searchParams.set('returnTo', SPA_ORIGIN);
    logout.searchParams.set('auth0Client', AUTH0_CLIENT);
    const page = await user.request(logout);
    expect(page.status).toBe(200);
    const html = await page.text();
    // The provider's confirmation form, submitted by the page itself with logout=yes.
    expect(html).toContain("i.name='logout';i.value='yes'");
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'sha256-/);
    const confirm = await user.request(new URL(formAction(html), issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...hiddenInputs(html), logout: 'yes' }),
    });
    expect(confirm.status).toBe(303);
    expect(location(confirm, issuer).href).toBe(new URL(SPA_ORIGIN).href);
  });

  it('reports login_required to the redirect_uri for prompt=none after logout', async () => {
    const { challenge } = pkce();
    const authorize = authorizeUrl({ code_challenge: challenge, prompt: 'none' });
    const response = await user.request(authorize);
    const target = location(response, issuer);
    expect(`${target.origin}${target.pathname}`).toBe(REDIRECT_URI);
    expect(target.searchParams.get('error')).toBe('login_required');
    expect(target.searchParams.get('state')).toBe(authorize.searchParams.get('state'));

    const silent = await user.request(authorizeUrl({ code_challenge: challenge, prompt: 'none', response_mode: 'web_message' }));
    expect(silent.status).toBe(200);
    expect(await silent.text()).toContain('"error":"login_required"');

    // Logging out ended the session, and with it the refresh tokens issued in it (offline_access included).
    const refreshed = await token({ client_id: CLIENT_ID, grant_type: 'refresh_token', refresh_token: session.refreshToken! });
    expect(refreshed.json.error).toBe('invalid_grant');
  });

  it('keeps its signing key across restarts via keyFile', async () => {
    const stored = JSON.parse(await readFile(keyFile, 'utf8')) as { keys: { kid: string; d?: string }[] };
    expect(stored.keys[0]?.d).toEqual(expect.any(String));
    await idp.close();
    idp = await startIdp(options(Number(new URL(issuer).port)));
    await verifyAccessToken(session.accessToken!);
    const jwks = (await (await fetch(new URL('/.well-known/jwks.json', issuer))).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((key) => key.kid)).toEqual([stored.keys[0]!.kid]);
  });

  // These use up the sign-in limits of this file's client address: keep them last.
  it('refuses the 6th sign-in for an email after 5 wrong passwords, even with the right password', async () => {
    const client = browser();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await submitLogin(client, ann.email, `wrong ${attempt}`);
      expect(wrong.status).toBe(200);
      expect(await wrong.text()).toContain(`<p class="alert" role="alert">${messages.invalidCredentials}</p>`);
    }
    const refused = await submitLogin(client, ann.email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    const html = await refused.text();
    expect(html).toContain(`<p class="alert" role="alert">${tooManySignInAttempts(15)}</p>`);
    expect(html).toContain('Too many attempts, try again in 15 minutes');
    expect(refused.headers.get('location')).toBeNull();
  });

  it('refuses other emails from the same client address once it made 20 failed attempts', async () => {
    const client = browser();
    // Earlier tests of this file failed from this address already; new emails, one wrong password each.
    let failures = 0;
    let refused: Response | undefined;
    while (!refused && failures < 20) {
      const answer = await submitLogin(client, `guess-${failures}@example.test`, 'wrong');
      if (answer.status === 429) refused = answer;
      else failures++;
      await answer.body?.cancel();
    }
    expect(refused).toBeDefined();
    expect(failures).toBeGreaterThan(5);
    // bob has never failed: the address limit, not his own, refuses his right password.
    const bobs = await submitLogin(client, bob.email, PASSWORD);
    expect(bobs.status).toBe(429);
    expect(await bobs.text()).toMatch(/Too many attempts, try again in 1?\d minutes?/);
  });

  it('ignores X-Forwarded-For unless told how many proxies append to it; then counts the address the last one saw', async () => {
    // This address is refused now (the test above). A client cannot get round that with a header…
    const forged = await submitLogin(browser(), bob.email, PASSWORD, undefined, '203.0.113.7');
    expect(forged.status).toBe(429);
    // …but behind one trusted proxy, the address the proxy appended is the client's.
    await idp.close();
    idp = await startIdp({ ...options(Number(new URL(issuer).port)), trustProxyHops: 1 });
    const proxied = await submitLogin(browser(), bob.email, 'wrong', undefined, '203.0.113.7');
    expect(proxied.status).toBe(200);
    expect(await proxied.text()).toContain(messages.invalidCredentials);
    // What the client wrote before the proxy's entry is not taken: 127.0.0.1 is still refused.
    const spoofed = await submitLogin(browser(), bob.email, PASSWORD, undefined, '203.0.113.8, 127.0.0.1');
    expect(spoofed.status).toBe(429);
  });
});

describe('the log of an unexpected provider error', () => {
  it('holds an id, the method, the route name, the class and the stack frames, never the message', () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    try {
      const id = logIdpError({ method: 'POST', oidc: { route: 'token' } }, new TypeError('bad grant for patient.email@example.test'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(id);
      expect(lines[0]).toContain('"route":"idp:token"');
      expect(lines[0]).toContain('"error":"TypeError"');
      expect(lines[0]).toMatch(/\n\s+at /);
      expect(lines[0]).not.toContain('patient.email');
    } finally {
      spy.mockRestore();
    }
  });
});
