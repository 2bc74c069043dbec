import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../domain/messages.ts';
import { createHarness, type Harness } from './test/harness.ts';
import { fillPath, pathParamsOf } from './test/routes.ts';
import { pathParamMaxLength } from './validate.ts';

/**
 * Issue 40: every path parameter of every route is validated before it reaches a query, as every
 * query parameter is (server/query-params.test.ts). Text no route can take (a NUL byte, an escape
 * that is no UTF-8, more than `pathParamMaxLength` characters) is a 400 naming the parameter;
 * anything else odd is the route's to answer (400, 404…), never a 5xx, and never echoed. The routes
 * and their parameters are read from the app itself, so a new route is covered without anyone
 * listing it here.
 */
let h: Harness;
let riverside: string;
beforeAll(async () => {
  h = await createHarness();
  riverside = h.accounts.riverside.id;
}, 120_000);
afterAll(() => h.close());

/** A well-formed id that names no record: the other parameters of the path, while one is spoilt. */
const noRecord = '0b0e0c0a-0000-4000-8000-00000000beef';

/** Text no route can take: refused by the one check every route goes through, naming the parameter. */
const unusable: { label: string; wire: string; echo?: string }[] = [
  { label: 'a NUL byte', wire: 'zqNul%00zqNul', echo: 'zqNul' },
  { label: 'only a NUL byte', wire: '%00' },
  { label: 'a lone surrogate (as its UTF-8 bytes)', wire: 'zqSur%ED%A0%80zqSur', echo: 'zqSur' },
  { label: 'a lone low surrogate', wire: '%ED%B0%80' },
  { label: 'an invalid UTF-8 byte', wire: 'zqBad%FFzqBad', echo: 'zqBad' },
  { label: 'an overlong UTF-8 slash', wire: '%C0%AF' },
  { label: 'a malformed escape', wire: 'zqEsc%zz%', echo: 'zqEsc' },
  { label: 'a very long string', wire: 'Zq'.repeat(pathParamMaxLength), echo: 'Zq'.repeat(50) },
];

/** Odd but possible text: the route decides (an id that is not one names no record), never a 5xx. */
const odd: { label: string; wire: string; echo?: string }[] = [
  { label: '..', wire: '..' },
  { label: 'an encoded ..', wire: '%2e%2e' },
  { label: 'an encoded slash', wire: 'zqSl%2Fx', echo: 'zqSl' },
  { label: 'unicode', wire: encodeURIComponent('Zoë Åström 😀 zqUni'), echo: 'zqUni' },
  { label: 'right-to-left override', wire: encodeURIComponent('\u202ezqRtl'), echo: 'zqRtl' },
  { label: 'markup', wire: encodeURIComponent('<script>zqTag</script>'), echo: 'zqTag' },
  { label: 'a bad uuid', wire: 'not-a-uuid-zqId', echo: 'not-a-uuid-zqId' },
  { label: 'the longest text allowed', wire: 'y'.repeat(pathParamMaxLength) },
  { label: 'an upper-case uuid', wire: noRecord.toUpperCase() },
  { label: 'a space', wire: '%20' },
];

type Route = { method: string; path: string; params: string[] };

/** Every route of the app (but the catch-alls) with its path parameters. */
function routesWithPathParams(): Route[] {
  const byKey = new Map<string, Route>();
  for (const r of h.api.routes) {
    if (r.method === 'ALL') continue;
    const params = pathParamsOf(r.path);
    if (params.length > 0) byKey.set(`${r.method} ${r.path}`, { method: r.method, path: r.path, params });
  }
  return [...byKey.values()];
}

async function ask(route: Route, param: string, wire: string) {
  const path = fillPath(route.path, (name) => (name === param ? wire : noRecord));
  const res = await h.call('admin', `${path}?accountId=${riverside}`, { method: route.method, headers: route.method === 'GET' ? {} : { 'Content-Type': 'application/json' } });
  const text = res.headers.get('content-type')?.startsWith('text/event-stream') ? (await res.body?.cancel(), '') : await res.text();
  let fields: Record<string, string> = {};
  try {
    fields = (JSON.parse(text) as { error?: { fields?: Record<string, string> } }).error?.fields ?? {};
  } catch {
    // Not JSON (a photo, a recording): nothing to read.
  }
  return { status: res.status, text, fields };
}

describe('every path parameter of every route (issue 40)', () => {
  it('is found in the app, the recording’s event id and name among them', () => {
    const routes = routesWithPathParams();
    const params = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)?.params;
    expect(params('GET', '/interactions/interactions/:id/events/:eventId/recordings/:path{.+}')).toEqual(['id', 'eventId', 'path']);
    expect(params('DELETE', '/teams/teams/:teamId/member/:memberId')).toEqual(['teamId', 'memberId']);
    expect(params('GET', '/surveys/public/campaigns/:id')).toEqual(['id']);
    expect(routes.length).toBeGreaterThanOrEqual(70);
  });

  it('answers text no route can take with 400 naming the parameter, anything else odd as its route does: never 5xx, never echoed', async () => {
    const probes = routesWithPathParams().flatMap((route) =>
      route.params.flatMap((param) => [...unusable.map((bad) => ({ route, param, bad, refused: true })), ...odd.map((bad) => ({ route, param, bad, refused: false }))]),
    );
    expect(probes.length).toBeGreaterThan(1000);
    const failures: string[] = [];
    // A few at a time: the database does the work, and the machine is shared.
    for (let i = 0; i < probes.length; i += 6) {
      await Promise.all(
        probes.slice(i, i + 6).map(async ({ route, param, bad, refused }) => {
          const answer = await ask(route, param, bad.wire);
          const where = `${route.method} ${route.path} :${param} = ${bad.label}`;
          if (answer.status >= 500) failures.push(`${where}: ${answer.status}`);
          else if (refused && !(answer.status === 400 && param in answer.fields)) failures.push(`${where}: ${answer.status} ${JSON.stringify(answer.fields)}, not 400 naming ${param}`);
          if (bad.echo && answer.text.includes(bad.echo)) failures.push(`${where}: the answer echoes the value`);
        }),
      );
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('refuses the recording’s event id with a NUL byte (it reached PostgreSQL: 500) before sign-in is even asked, as for everyone', async () => {
    const path = `/interactions/interactions/${noRecord}/events/%00/recordings/leg-1.wav`;
    for (const token of [await h.token('viewer'), null]) {
      const res = await h.call('viewer', path, { token });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'invalid_request', message: messages.invalidRequest, fields: { eventId: messages.textInvalid } } });
    }
    const long = await h.call('viewer', `/person/persons/${'a'.repeat(pathParamMaxLength + 1)}`);
    expect(long.status).toBe(400);
    expect((await long.json()).error.fields).toEqual({ id: `Id must have at most ${pathParamMaxLength} characters` });
  });
});
