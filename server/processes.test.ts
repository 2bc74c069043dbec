/**
 * Two server processes on one database (issue 43, "Several server processes"): the way the portal
 * grows past one machine. Process A is `npm start`'s (embedded PostgreSQL and sign-in server);
 * process B is a second `server/main.ts` on A's database with a sign-in server of its own under
 * the same issuer and keys (IDP_PUBLIC_URL, IDP_KEY_FILE), as two processes behind one address
 * would be. What one process does, the other enforces and shows.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeJwt, importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFreePort, PG_PASSWORD, PG_USER } from './db/postgres.ts';
import { seedId } from './seed/seed.ts';
import { browser, follow, formAction, pkce } from './test/sign-in-client.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AUDIENCE = 'https://api.astera.test';
/** A bound on a hung test, not a measure. */
const LONG = 300_000;
const riverside = seedId('account:riverside');

type Running = { proc: ChildProcess; output: () => string };
let dataDir: string;
let ports: { a: number; b: number; idp: number; idpB: number; pg: number };
const running: Running[] = [];

async function start(env: Record<string, string>): Promise<Running> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env: { ...process.env, SERVE_SPA: 'false', SIMULATED_CALLS_PER_HOUR: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is ready')) resolve();
    });
    proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`server exited before it was ready:\n${output}`)));
  });
  const started = { proc, output: () => output };
  running.push(started);
  return started;
}

/** A token as the sign-in server signs it, for a demo user. */
async function tokenOf(user: 'manager' | 'viewer' | 'admin') {
  const { keys } = JSON.parse(await fs.readFile(path.join(dataDir, 'a', 'idp-keys.json'), 'utf8')) as { keys: JWK[] };
  const jwk = keys[0]!;
  return new SignJWT({ scope: 'openid email profile', jti: randomUUID() })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
    .setSubject(seedId(`principal:${user}`))
    .setIssuer(`http://localhost:${ports.idp}/`)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await importJWK(jwk, 'RS256'));
}

const api = (port: number, apiPath: string, init: RequestInit & { token?: string } = {}) =>
  fetch(`http://127.0.0.1:${port}/api${apiPath}${apiPath.includes('?') ? '&' : '?'}accountId=${riverside}`, {
    ...init,
    headers: { ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}), ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...(init.headers as Record<string, string> | undefined) },
  });

/** Polls until `check` holds; the bound only stops a hung test. */
async function eventually(what: string, check: () => Promise<boolean>, bound = 30_000) {
  const until = Date.now() + bound;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(process.platform === 'linux')('two server processes on one database', () => {
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'astera-processes-'));
    await fs.chmod(dataDir, 0o755);
    await fs.mkdir(path.join(dataDir, 'a'));
    await fs.mkdir(path.join(dataDir, 'b'));
    await fs.chmod(path.join(dataDir, 'a'), 0o755);
    ports = { a: await getFreePort(), b: await getFreePort(), idp: await getFreePort(), idpB: await getFreePort(), pg: await getFreePort() };
    await start({ PORT: String(ports.a), IDP_PORT: String(ports.idp), PG_PORT: String(ports.pg), DATA_DIR: path.join(dataDir, 'a') });
    await start({
      PORT: String(ports.b),
      IDP_PORT: String(ports.idpB),
      DATA_DIR: path.join(dataDir, 'b'),
      DATABASE_URL: `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${ports.pg}/astera`,
      // One portal and one sign-in server as people see them: B answers for A's addresses.
      PUBLIC_URL: `http://localhost:${ports.a}`,
      IDP_PUBLIC_URL: `http://localhost:${ports.idp}`,
      IDP_KEY_FILE: path.join(dataDir, 'a', 'idp-keys.json'),
    });
  }, LONG);

  afterAll(async () => {
    // B first (it uses A's database), then A, which stops its PostgreSQL.
    for (const server of running.reverse()) {
      const exited = new Promise((resolve) => (server.proc.exitCode !== null ? resolve(null) : server.proc.once('exit', resolve)));
      server.proc.kill('SIGTERM');
      await exited;
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  }, LONG);

  it(
    'a role changed through one is enforced by the other, and the notification it makes reaches a stream open on the other',
    async () => {
      const [admin, viewer] = [await tokenOf('admin'), await tokenOf('viewer')];
      expect((await api(ports.b, '/person/persons', { token: viewer })).status).toBe(200);

      // The Read Only user's stream, open on B: the first event is the state at connect.
      const stream = await fetch(`http://127.0.0.1:${ports.b}/api/notifications/stream?accountId=${riverside}`, { headers: { Authorization: `Bearer ${viewer}`, Accept: 'text/event-stream' } });
      expect(stream.status).toBe(200);
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      let received = '';
      const notificationsEvents = () => (received.match(/^event: notifications$/gm) ?? []).length;
      const reading = (async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          received += value;
        }
      })();
      await eventually('the stream’s first event', async () => notificationsEvents() >= 1);

      // Through A, the Read Only role no longer reads persons.
      const roles = (await (await api(ports.a, '/permissions/roles?limit=100', { token: admin })).json()) as { items: { id: string; name: string }[] };
      const readOnly = roles.items.find((role) => role.name === 'Read Only')!;
      const role = (await (await api(ports.a, `/permissions/roles/${readOnly.id}`, { token: admin })).json()) as { version: number; resources: Record<string, Record<string, boolean>> };
      const { ['/person/persons']: _persons, ...resources } = role.resources;
      const changed = await api(ports.a, `/permissions/roles/${readOnly.id}`, { method: 'PATCH', token: admin, body: JSON.stringify({ version: role.version, resources }) });
      expect(changed.status, await changed.clone().text()).toBe(200);

      // B refuses the read (its cache of callers heard the change), and the stream on B says the notifications changed.
      await eventually('B to refuse the Read Only user’s read', async () => (await api(ports.b, '/person/persons', { token: viewer })).status === 403);
      await eventually('the role change’s notification on B’s stream', async () => notificationsEvents() >= 2);
      const list = (await (await api(ports.b, '/notifications/notifications', { token: viewer })).json()) as { items: { title: string }[] };
      expect(list.items.map((n) => n.title)).toContain('Your role changed');
      await reader.cancel();
      await reading.catch(() => null);
    },
    LONG,
  );

  it(
    'a sign-in on one refreshes on the other: the session and its refresh token are the database’s, signed with one key under one issuer',
    async () => {
      const origin = `http://localhost:${ports.a}`;
      const issuerA = `http://localhost:${ports.idp}/`;
      const headers = { 'content-type': 'application/x-www-form-urlencoded', origin };
      const tokenAt = async (idpPort: number, body: Record<string, string>) => {
        const res = await fetch(`http://localhost:${idpPort}/oauth/token`, { method: 'POST', headers, body: new URLSearchParams(body) });
        return { status: res.status, json: (await res.json()) as { access_token: string; refresh_token?: string; error?: string } };
      };
      const persons = async (port: number, token: string) => (await api(port, '/person/persons?limit=1', { token })).status;

      // The practice administrator signs in through A's sign-in page, as the SPA has them do.
      const client = browser();
      const { verifier, challenge } = pkce();
      const authorize = new URL('/authorize', issuerA);
      const params = { client_id: 'astera-portal', redirect_uri: `${origin}/login/callback`, audience: AUDIENCE, scope: 'openid profile email offline_access', response_type: 'code', response_mode: 'query', state: randomUUID(), nonce: randomUUID(), code_challenge: challenge, code_challenge_method: 'S256' };
      for (const [key, value] of Object.entries(params)) authorize.searchParams.set(key, value);
      const { response: page, url: pageUrl } = await follow(client, await client.request(authorize), issuerA);
      const submitted = await client.request(new URL(formAction(await page.text()), pageUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'manager@astera.test', password: 'astera-manager' }),
      });
      const { url: callback } = await follow(client, submitted, issuerA);
      const code = callback.searchParams.get('code');
      expect(code, callback.href).toEqual(expect.any(String));
      const signedIn = await tokenAt(ports.idp, { client_id: 'astera-portal', grant_type: 'authorization_code', code: code!, code_verifier: verifier, redirect_uri: `${origin}/login/callback` });
      expect(signedIn.status).toBe(200);
      expect(await persons(ports.b, signedIn.json.access_token)).toBe(200);

      // B's sign-in server refreshes A's session; its token is good on both; and back on A.
      const atB = await tokenAt(ports.idpB, { client_id: 'astera-portal', grant_type: 'refresh_token', refresh_token: signedIn.json.refresh_token!, audience: AUDIENCE });
      expect(atB.status, atB.json.error).toBe(200);
      expect(decodeJwt(atB.json.access_token)).toMatchObject({ iss: issuerA, sub: seedId('principal:manager') });
      expect(await persons(ports.a, atB.json.access_token)).toBe(200);
      expect(await persons(ports.b, atB.json.access_token)).toBe(200);
      const backAtA = await tokenAt(ports.idp, { client_id: 'astera-portal', grant_type: 'refresh_token', refresh_token: atB.json.refresh_token!, audience: AUDIENCE });
      expect(backAtA.status, backAtA.json.error).toBe(200);
      // The refresh token B rotated away from is spent on A too.
      expect((await tokenAt(ports.idp, { client_id: 'astera-portal', grant_type: 'refresh_token', refresh_token: signedIn.json.refresh_token!, audience: AUDIENCE })).status).toBe(400);
    },
    LONG,
  );

  it(
    'a public page’s throttle counts across both: calls started on either count against one client',
    async () => {
      const press = (port: number) => fetch(`http://127.0.0.1:${port}/api/call_masking/callMask/${randomUUID().replace(/-/g, '')}`, { method: 'POST' });
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) statuses.push((await press(i % 2 === 0 ? ports.a : ports.b)).status);
      expect(statuses.every((status) => status === 404)).toBe(true);
      expect((await press(ports.b)).status).toBe(429);
      expect((await press(ports.a)).status).toBe(429);
    },
    LONG,
  );
});
