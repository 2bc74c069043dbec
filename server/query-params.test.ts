import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './test/harness.ts';
import { queryParamsOf } from './test/routes.ts';

/**
 * Issue 24: every query parameter of every route is validated like a body field. Bad input is a
 * 400 naming the parameter (or is ignored: a legitimate 2xx or 404), never a 5xx, and the answer
 * never echoes it. The routes and their parameters are read from the app itself (`app.routes` and
 * the schema of each `query()` validator), so a new route or parameter is covered without anyone
 * listing it here.
 */
let h: Harness;
let riverside: string;
beforeAll(async () => {
  h = await createHarness();
  riverside = h.accounts.riverside.id;
}, 120_000);
afterAll(() => h.close());

/** A well-formed id that names no record: reads answer 404 (or an empty list), writes find nothing to change. */
const noRecord = '0b0e0c0a-0000-4000-8000-00000000beef';

/** Bad values as they go on the wire (already encoded), with the text that must not come back. */
const badValues: { label: string; wire: (name: string) => string; echo?: string }[] = [
  { label: 'a NUL byte', wire: (n) => `${n}=zqNul%00zqNul`, echo: 'zqNul' },
  { label: 'only a NUL byte', wire: (n) => `${n}=%00` },
  { label: 'a lone surrogate (as its UTF-8 bytes)', wire: (n) => `${n}=zqSur%ED%A0%80zqSur`, echo: 'zqSur' },
  { label: 'a lone low surrogate', wire: (n) => `${n}=%ED%B0%80` },
  { label: 'a malformed escape', wire: (n) => `${n}=%zz%` },
  { label: 'a very long string', wire: (n) => `${n}=${'Zq'.repeat(5000)}`, echo: 'Zq'.repeat(50) },
  { label: 'a list (the parameter twice)', wire: (n) => `${n}=zqOne&${n}=zqTwo`, echo: 'zqTwo' },
  { label: 'an object-looking value', wire: (n) => `${n}=${encodeURIComponent('{"zqObj":1}')}`, echo: 'zqObj' },
  { label: 'a negative number', wire: (n) => `${n}=-1` },
  { label: 'a huge number', wire: (n) => `${n}=99999999999999999999999` },
  { label: 'an overflowing number', wire: (n) => `${n}=1e400` },
  { label: 'not a number', wire: (n) => `${n}=NaN` },
  { label: 'a bad uuid', wire: (n) => `${n}=not-a-uuid-zqId`, echo: 'not-a-uuid-zqId' },
  { label: 'an impossible date', wire: (n) => `${n}=2020-02-31` },
  { label: 'markup', wire: (n) => `${n}=${encodeURIComponent('<script>zqTag</script>')}`, echo: 'zqTag' },
  { label: 'empty', wire: (n) => `${n}=` },
];

type Route = { method: string; path: string; params: string[] };

/** Every route of the app (but the catch-alls) with the query parameters its validator takes. */
function routesWithParams(): Route[] {
  const byKey = new Map<string, Route>();
  for (const r of h.api.routes) {
    if (r.method === 'ALL') continue;
    const key = `${r.method} ${r.path}`;
    const route = byKey.get(key) ?? { method: r.method, path: r.path, params: [] };
    for (const name of queryParamsOf(r.handler) ?? []) if (!route.params.includes(name)) route.params.push(name);
    byKey.set(key, route);
  }
  return [...byKey.values()];
}

type Answer = { status: number; text: string; fields: Record<string, string>; message: string };

async function ask(route: Route, query: string): Promise<Answer> {
  const path = route.path.replace(/:\w+/g, noRecord);
  const res = await h.call('admin', `${path}?${query}`, { method: route.method, headers: route.method === 'GET' ? {} : { 'Content-Type': 'application/json' } });
  // The notifications' event stream stays open: its answer is the headers.
  const text = res.headers.get('content-type')?.startsWith('text/event-stream') ? (await res.body?.cancel(), '') : await res.text();
  let fields: Record<string, string> = {};
  let message = '';
  try {
    const body = JSON.parse(text) as { error?: { message?: string; fields?: Record<string, string> } };
    fields = body.error?.fields ?? {};
    message = body.error?.message ?? '';
  } catch {
    // Not JSON (an export, an image): nothing to read.
  }
  return { status: res.status, text, fields, message };
}

describe('every query parameter of every route', () => {
  it('is found in the app (the lists with their paging, search and filters)', () => {
    const routes = routesWithParams();
    const params = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)?.params ?? [];
    // The tag filter of the five lists that take it (the NUL byte in it answered 500 before issue 24).
    for (const path of ['/issues', '/insurances', '/person/practitioners', '/locations/locations', '/contactpoints/contact-points']) {
      expect(params('GET', path), path).toContain('tag');
    }
    expect(params('GET', '/person/persons')).toEqual(expect.arrayContaining(['limit', 'q']));
    expect(routes.filter((r) => r.params.length > 0).length).toBeGreaterThanOrEqual(20);
  });

  it('answers bad values with 400 naming the parameter, or ignores them (2xx, 404): never 5xx, never echoed', async () => {
    // Reads: each parameter a route validates, and `accountId`, which every route reads. Writes
    // only where they validate a query (a DELETE's options); their ids name no record.
    const probes: { route: Route; param: string }[] = [];
    for (const route of routesWithParams()) {
      if (route.method === 'GET') for (const param of new Set([...route.params, 'accountId'])) probes.push({ route, param });
      else for (const param of route.params) probes.push({ route, param });
    }
    expect(probes.length).toBeGreaterThan(100);
    // What a route answers with no parameter but the account: a 400 then names what it requires.
    const baselines = new Map<Route, Answer>();
    for (const { route } of probes) if (!baselines.has(route)) baselines.set(route, await ask(route, `accountId=${riverside}`));
    // And in the caller's own account (an empty `accountId` is none): what an ignored `accountId` gets.
    const home = new Map<Route, number>();
    for (const { route, param } of probes) if (param === 'accountId' && !home.has(route)) home.set(route, (await ask(route, '')).status);

    const failures: string[] = [];
    const queue = probes.flatMap(({ route, param }) => badValues.map((bad) => ({ route, param, bad })));
    // A few at a time: the database does the work, and the machine is shared.
    for (let i = 0; i < queue.length; i += 6) {
      await Promise.all(
        queue.slice(i, i + 6).map(async ({ route, param, bad }) => {
          const query = param === 'accountId' ? bad.wire(param) : `accountId=${riverside}&${bad.wire(param)}`;
          const answer = await ask(route, query);
          const where = `${route.method} ${route.path} ?${param}= ${bad.label}`;
          if (answer.status >= 500) failures.push(`${where}: ${answer.status}`);
          else if (answer.status === 400) {
            const named = param in answer.fields || answer.message.includes(param);
            const sameAsWithout = baselines.get(route)!.status === 400 && Object.keys(answer.fields).every((f) => f in baselines.get(route)!.fields);
            if (!named && !sameAsWithout) failures.push(`${where}: 400 naming ${JSON.stringify(Object.keys(answer.fields))}, not ${param}`);
          } else if (param === 'accountId' ? ![200, 201, 204, 403, 404, home.get(route)].includes(answer.status) : !(answer.status < 300 || answer.status === 404 || (route.method !== 'GET' && answer.status === 403))) {
            failures.push(`${where}: ${answer.status}`);
          }
          if (bad.echo && answer.text.includes(bad.echo)) failures.push(`${where}: the answer echoes the value`);
        }),
      );
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
