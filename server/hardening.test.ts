import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../domain/messages.ts';
import { publicPage } from '../domain/public-pages.ts';
import { createApi } from './app.ts';
import type { Db } from './db/client.ts';
import { auditLog, users } from './db/schema/index.ts';
import { seedId } from './seed/seed.ts';
import { createPortal, spaPage, type SpaSettings } from './portal.ts';
import { createHarness, type DemoUser, type Harness } from './test/harness.ts';

/** Issue #8 "Hardened edges": headers, bounded input, errors that echo nothing, 413, error ids. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string>; id?: string } };
const auditRows = async () => (await h.db.select({ n: count() }).from(auditLog))[0]!.n;
const person = seedId('person:riverside:0');

describe('headers', () => {
  it('every API answer is no-store, nosniff, never framed, with a Referrer-Policy and a CSP that allows nothing', async () => {
    const answers = [
      await h.call('manager', '/permissions/accesspolicy'),
      await h.call('manager', `/person/persons/${person}`),
      await h.call('manager', '/permissions/accesspolicy', { token: null }),
      await h.call('manager', '/no-such-route'),
      await h.call('manager', '/me/preferences', { method: 'PATCH', json: { theme: 42 } }),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 200, 401, 404, 400]);
    for (const res of answers) {
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  describe('the portal', () => {
    const settings: SpaSettings = {
      authDomain: 'http://localhost:3201',
      authClientId: 'astera-portal',
      authAudience: 'https://api.astera.test',
      apiBaseUrl: '/api',
      reportingUrl: 'http://localhost:3200/insights',
    };
    let distDir: string;
    let portal: ReturnType<typeof createPortal>;
    beforeAll(async () => {
      distDir = await mkdtemp(path.join(tmpdir(), 'astera-dist-'));
      const indexHtml = '<!doctype html><html><head><!--astera-settings--></head><body><script type="module" src="/assets/main.js"></script></body></html>';
      await writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      const surveyHtml = '<!doctype html><html><head><!--astera-settings--></head><body><script type="module" src="/assets/survey.js"></script></body></html>';
      await writeFile(path.join(distDir, 'survey.html'), surveyHtml);
      portal = createPortal({
        api: h.api,
        page: spaPage(indexHtml, { ...settings, reportingUrl: '</script><script>alert(1)</script>' }),
        publicPages: [{ page: publicPage('survey'), html: spaPage(surveyHtml, { apiBaseUrl: settings.apiBaseUrl }) }],
        distDir,
        settings,
      });
    });
    afterAll(() => rm(distDir, { recursive: true, force: true }));

    it('pages carry a CSP without inline script that lets the SPA reach the identity provider, and are never framed', async () => {
      for (const pagePath of ['/', '/practice/persons', '/favicon.svg']) {
        const res = await portal.request(pagePath);
        expect(res.status, pagePath).toBe(200);
        const csp = res.headers.get('content-security-policy') ?? '';
        const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
        expect(directives.get('script-src'), pagePath).toEqual(["'self'"]);
        expect(directives.get('default-src')).toEqual(["'self'"]);
        expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
        expect(directives.get('connect-src')).toEqual(["'self'", 'http://localhost:3201']);
        expect(directives.get('frame-src')).toEqual(['http://localhost:3201']);
        expect(directives.get('object-src')).toEqual(["'none'"]);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBe('no-referrer');
        expect(res.headers.get('x-frame-options')).toBe('DENY');
      }
    });

    it('index.html carries the settings as a JSON data block, not a script, and no value can end the block', async () => {
      const html = await (await portal.request('/')).text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
      // Every script is either a file of the page's origin or data the browser does not run.
      expect(scripts.every((attrs) => / src="\//.test(attrs) || / type="application\/json"/.test(attrs))).toBe(true);
      expect(html).toContain('<script type="application/json" id="astera-settings">');
      expect(html).not.toContain('<script>alert(1)');
      const block = /<script type="application\/json" id="astera-settings">(.*?)<\/script>/.exec(html)![1]!;
      expect(JSON.parse(block)).toMatchObject({ authDomain: 'http://localhost:3201', reportingUrl: '</script><script>alert(1)</script>' });
    });

    it('the patients’ survey is its own page at /survey/{campaignId}: told only where the API is, under the same CSP, never cached', async () => {
      const res = await portal.request('/survey/5f0c9a8e-7d1b-4c2a-9e3f-1a2b3c4d5e6f?externalId=abc');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      const html = await res.text();
      expect(html).toContain('src="/assets/survey.js"');
      expect(html).not.toContain('/assets/main.js');
      const block = /<script type="application\/json" id="astera-settings">(.*?)<\/script>/.exec(html)![1]!;
      expect(JSON.parse(block)).toEqual({ apiBaseUrl: '/api' });
      // The built file itself is not served bare (it would lack its settings).
      expect(await (await portal.request('/survey.html')).text()).not.toContain('/assets/survey.js');
    });

    it('API answers through the portal keep the API headers; an unknown API path is a JSON 404, not the SPA', async () => {
      const token = await h.token('manager');
      const res = await portal.request('/api/permissions/accesspolicy', { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('cache-control')).toBe('no-store');
      const unknown = await portal.request('/api/no-such-thing', { headers: { Authorization: `Bearer ${token}` } });
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as ErrorBody).error.code).toBe('not_found');
    });
  });
});

describe('text every entity stores', () => {
  it.each([
    ['PATCH', '/accounts/account', { version: 1, name: 'Riverside\u0000' }, 'name'],
    ['PATCH', '/accounts/account', { version: 1, abbreviation: 'R\ud800' }, 'abbreviation'],
    ['PATCH', '/me/preferences', { locale: 'en\u0000' }, 'locale'],
    ['PATCH', '/me/preferences', { timeZone: 'UTC\u0000' }, 'timeZone'],
    ['PATCH', '/me/preferences', { timeZone: '\udc00' }, 'timeZone'],
  ])('%s %s refuses NUL and lone surrogates in %j (400 naming the field), writing nothing', async (method, route, body, field) => {
    const before = await auditRows();
    const [prefs] = await h.db.select({ preferences: users.preferences }).from(users).where(eq(users.personId, seedId('person:admin')));
    const res = await h.call('admin', route, { method, json: body });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json() as ErrorBody).error.fields ?? {})).toEqual([field]);
    expect(await auditRows()).toBe(before);
    const [after] = await h.db.select({ preferences: users.preferences }).from(users).where(eq(users.personId, seedId('person:admin')));
    expect(after).toEqual(prefs);
  });

  it('account names are trimmed and bounded', async () => {
    const current = (await (await h.call('admin', '/accounts/account')).json()) as { version: number; name: string };
    const long = await h.call('admin', '/accounts/account', { method: 'PATCH', json: { version: current.version, name: 'x'.repeat(201) } });
    expect(long.status).toBe(400);
    expect(((await long.json()) as ErrorBody).error.fields).toEqual({ name: messages.accountNameTooLong });
    const res = await h.call('admin', '/accounts/account', { method: 'PATCH', json: { version: current.version, name: `  ${current.name}  ` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: current.name });
  });

  it('a search query drops NUL and lone surrogates instead of failing', async () => {
    for (const q of ['%00', 'a%00b', encodeURIComponent('Ann') + '%ED%A0%80']) {
      expect((await h.call('manager', `/search?q=${q}`)).status, q).toBe(200);
    }
  });
});

describe('numeric query parameters are bounded', () => {
  it.each(['before=99999999999999999999', 'before=1e300', 'before=-1', 'before=0', 'before=abc', 'before=1.5', 'before=', 'before=9007199254740993'])(
    'GET /audit/recent?%s is 400 naming before',
    async (query) => {
      const res = await h.call('manager', `/audit/recent?${query}`);
      expect(res.status).toBe(400);
      expect(Object.keys(((await res.json()) as ErrorBody).error.fields ?? {})).toEqual(['before']);
    },
  );

  it('a sane before pages; an out-of-range limit falls back to the default', async () => {
    expect((await h.call('manager', '/audit/recent?before=9007199254740991')).status).toBe(200);
    for (const query of ['limit=99999999999999999999', 'limit=-5', 'limit=1e400']) {
      expect((await h.call('manager', `/audit/recent?${query}`)).status, query).toBe(200);
      expect((await h.call('manager', `/search?q=ann&${query}`)).status, query).toBe(200);
    }
  });
});

describe('validation errors never echo the request', () => {
  const marker = 'zq7echoMarker';
  const wrong = (value: unknown) =>
    Object.fromEntries(
      [
        'version', 'name', 'abbreviation', 'active', 'theme', 'locale', 'timeZone', 'accountId', 'gender', 'orgRole',
        'communication', 'makePractitioner', 'email', 'principalId', 'source', 'oktaId', 'roleId', 'instanceAdmin',
        'specialty', 'group', 'initials', 'pronunciation', 'synonyms', 'photo', 'services', 'addresses',
        // A schedule's and its task's (a schedule needs only a name, which a marker string is).
        'ownerType', 'ownerId', 'title', 'start', 'end', 'recurrence',
        // A role's (a role too needs only a name; its grants must be a map of the catalogue).
        'resources',
        // A practice team's (it too needs only a name; its flags must be true or false).
        'isViewable',
      ].map((key) => [key, value]),
    );
  const bodies: unknown[] = [
    wrong(marker),
    wrong(`${marker}\u0000`),
    wrong(`${marker}\ud800`),
    wrong(`${marker}${'x'.repeat(300)}`),
    wrong({ [marker]: marker }),
    wrong([marker, 7]),
    wrong(1e300),
    { [marker]: marker, version: marker },
    {
      version: 1,
      name: [{ use: marker, family: `${marker}\u0000`, given: [marker, marker, marker], prefix: [marker], suffix: [marker], period: { start: marker, end: marker } }],
      communication: [{ code: marker, preferred: marker }],
      synonyms: [`${marker}\u0000`, marker.repeat(20)],
    },
    marker,
    [marker],
  ];
  const raw = [`{"version": ${marker}}`, `{"name": "${marker}"`, `${marker}`];
  // Every write route that takes input (logout takes none: any body is ignored, and it succeeds).
  const writes = () =>
    h.api.routes
      .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.path !== '/auth/logout')
      // The patients' survey answer is rate-limited per client (a dozen bodies per route would reach 429):
      // server/routes/campaigns/public.test.ts probes that it never echoes.
      .filter((r) => !r.path.startsWith('/surveys/public/'))
      // The carrier's callbacks come before sign-in (no accountId to refuse) and take only a signed form:
      // server/routes/telephony/callbacks.test.ts probes that they never echo.
      .filter((r) => !r.path.startsWith('/telephony/callbacks/'))
      // The patient's call-masking page, before sign-in, takes no body: server/routes/call-masking/call-masking.test.ts probes it.
      .filter((r) => !r.path.startsWith('/call_masking/callMask/'))
      // The chat widget's endpoints, before sign-in, are rate-limited per client: server/routes/chat/chat.test.ts probes them.
      .filter((r) => !r.path.startsWith('/chat/public/'))
      // A DELETE reads no body: it names a record that does not exist, so it deletes nothing.
      .map((r) => ({ method: r.method, path: r.path.replace(':id', r.method === 'DELETE' ? seedId('no such person') : person) }));

  it('finds the write endpoints to probe', () => {
    expect(writes().length).toBeGreaterThanOrEqual(10);
  });

  it.each<DemoUser>(['admin', 'manager'])('as %s: every write endpoint answers bad input without quoting it', async (user) => {
    const before = await auditRows();
    const token = await h.token(user);
    for (const { method, path: route } of writes()) {
      const requests: RequestInit[] = [
        ...bodies.map((body) => ({ body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })),
        ...raw.map((body) => ({ body, headers: { 'Content-Type': 'application/json' } })),
        { body: marker, headers: { 'Content-Type': `image/${marker}` } },
      ];
      for (const init of requests) {
        const res = await h.call(user, `${route}?accountId=${marker}`, { method, token, ...init });
        const text = await res.text();
        expect(res.status, `${method} ${route} ${String(init.body)}`).toBe(400);
        expect(text, `${method} ${route}`).not.toContain(marker);
        // Without the bad accountId the body is read: refused, or (nothing known in it) a no-op.
        const bodyOnly = await h.call(user, route, { method, token, ...init });
        expect(bodyOnly.status, `${method} ${route} ${String(init.body)}`).toBeLessThan(500);
        expect(await bodyOnly.text(), `${method} ${route} ${String(init.body)}`).not.toContain(marker);
      }
      const badId = await h.call(user, route.replace(person, marker).replace(seedId('no such person'), marker), { method, token, json: {} });
      expect(await badId.text()).not.toContain(marker);
    }
    const written = await h.db.select({ resourceType: auditLog.resourceType, action: auditLog.action, resourceId: auditLog.resourceId }).from(auditLog).orderBy(desc(auditLog.id)).limit((await auditRows()) - before);
    expect(written).toEqual([]);
    expect(await auditRows()).toBe(before);
    // Every write route of the API, sequentially, each with a dozen bodies: it grows with the API.
  }, 180_000);

  it('names each field with what it expects', async () => {
    const res = await h.call('admin', '/accounts/account', { method: 'PATCH', json: { version: marker, active: marker } });
    expect(((await res.json()) as ErrorBody).error.fields).toEqual({ version: messages.versionInvalid, active: 'Active must be true or false' });
    const prefs = await h.call('manager', '/me/preferences', { method: 'PATCH', json: { theme: marker, locale: 5 } });
    expect(((await prefs.json()) as ErrorBody).error.fields).toEqual({ theme: messages.themeInvalid, locale: messages.localeInvalid });
  });
});

describe('a body over the limit', () => {
  let server: ServerType;
  let port: number;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  beforeAll(async () => {
    server = serve({ fetch: h.api.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  function send(method: string, route: string, token: string, body?: Buffer, chunked = false) {
    return new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
      const headers: Record<string, string | number> = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      if (body && !chunked) headers['Content-Length'] = body.length;
      const req = http.request({ host: '127.0.0.1', port, method, path: route, agent, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, text }));
      });
      req.on('error', reject);
      if (!body) req.end();
      else if (!chunked) req.end(body);
      else {
        // Sent in pieces without a length: the limit is only found while reading.
        for (let i = 0; i < body.length; i += 16 * 1024) req.write(body.subarray(i, i + 16 * 1024));
        req.end();
      }
    });
  }

  it.each([
    ['declared by Content-Length', false],
    ['sent chunked', true],
  ])('%s gets 413, and the client’s next request on the same agent succeeds', async (_, chunked) => {
    const token = await h.token('manager');
    const big = Buffer.from(JSON.stringify({ theme: 'dark', padding: 'x'.repeat(2 * 1024 * 1024) }));
    const refused = await send('PATCH', '/me/preferences', token, big, chunked);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.text)).toEqual({ error: { code: 'payload_too_large', message: messages.requestTooLarge } });
    // Either the connection stays usable or the server says it closes it: it says so.
    expect(refused.connection).toBe('close');
    const next = await send('GET', '/me/preferences', token);
    expect(next.status).toBe(200);
    const again = await send('PATCH', '/me/preferences', token, Buffer.from(JSON.stringify({ theme: 'light' })));
    expect(again.status).toBe(200);
  });

  it('every route has a limit: a keyed sign-out with a 3 MB body is refused 413, and the token is not revoked', async () => {
    const token = await h.token('manager');
    const big = Buffer.from(JSON.stringify({ padding: 'x'.repeat(3 * 1024 * 1024) }));
    const refused = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/auth/logout', agent, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'k'.repeat(32) } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        },
      );
      req.on('error', reject);
      for (let i = 0; i < big.length; i += 64 * 1024) req.write(big.subarray(i, i + 64 * 1024));
      req.end();
    });
    expect(refused).toBe(413);
    expect((await send('GET', '/me/preferences', token)).status).toBe(200);
  });
});

describe('an unexpected error', () => {
  it('is logged with an id, the route pattern and the database code, never the query or the body; the 500 carries the id', async () => {
    const marker = 'zq7logMarker';
    // A database whose transactions fail the way a real query does: PostgreSQL's message quotes the value.
    const failing = new Proxy(h.db, {
      get(target, prop, receiver) {
        if (prop === 'transaction') return () => target.execute(sql`select ${marker}::int`);
        return Reflect.get(target, prop, receiver) as unknown;
      },
    }) as Db;
    const api = createApi({ ...h.deps, db: failing });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const token = await h.token('manager');
      const res = await api.request(`/me/preferences?note=${marker}&accountId=${h.accounts.riverside.id}`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ locale: 'en-GB', theme: 'dark', note: marker }),
      });
      expect(res.status).toBe(500);
      const body = (await res.json()) as ErrorBody;
      expect(body.error).toMatchObject({ code: 'internal', message: messages.serverError });
      expect(body.error.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.stringify(body)).not.toContain(marker);

      const logged = log.mock.calls.map((args) => args.map(String).join(' ')).join('\n');
      expect(logged).not.toContain(marker);
      expect(logged).not.toContain(h.accounts.riverside.id);
      expect(logged).toContain(body.error.id);
      expect(logged).toContain('"route":"/me/preferences"');
      expect(logged).toContain('"code":"22P02"');
    } finally {
      log.mockRestore();
    }
  });
});

describe('accountId', () => {
  it('is compared case-insensitively: an uppercase id of one’s own or an actable account works as the lowercase one', async () => {
    const cases: [DemoUser, string][] = [
      ['manager', h.accounts.riverside.id],
      ['manager', h.accounts.lakeside.id],
      ['admin', h.accounts.lakeside.id],
      ['admin', h.accounts.astera.id],
    ];
    for (const [user, id] of cases) {
      const lower = await h.call(user, `/permissions/accesspolicy?accountId=${id}`);
      const upper = await h.call(user, `/permissions/accesspolicy?accountId=${id.toUpperCase()}`);
      expect(upper.status, `${user} ${id}`).toBe(200);
      expect(await upper.json()).toEqual(await lower.json());
    }
    // Case does not open an account that is not actable.
    expect((await h.call('manager', `/permissions/accesspolicy?accountId=${h.accounts.astera.id.toUpperCase()}`)).status).toBe(403);
  });
});
