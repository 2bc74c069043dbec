import { Validator } from '@seriousme/openapi-schema-validator';
import { eq } from 'drizzle-orm';
import { uniqueSymbol, type ResolverReturnType } from 'hono-openapi';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { webChats } from '../db/schema/index.ts';
import { roleId } from '../seed/seed.ts';
import { fileHarness } from '../test/harness.ts';
import { webhookEventCatalogue } from '../webhooks/events.ts';
import { documentedAreas } from './areas.ts';
import { openApiPath } from './document.ts';
import type { OperationKey } from './registry.ts';

const h = fileHarness();

// The document is plain JSON; its parts are read loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
type RouteValidator = ResolverReturnType & { target: string };

const methods = ['get', 'post', 'put', 'patch', 'delete'];

async function openApi(): Promise<Json> {
  const res = await h.api.request('/openapi.json');
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

/** Every operation of the document, with its path and method. */
function operations(doc: Json): { path: string; method: string; op: Json }[] {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    methods.filter((m) => (item as Json)[m]).map((method) => ({ path, method, op: (item as Json)[method] as Json })),
  );
}

/** The route's own validators (server/validate.ts), by target. */
function validatorsOf(method: string, path: string): Partial<Record<string, RouteValidator>> {
  const found: Partial<Record<string, RouteValidator>> = {};
  for (const route of h.api.routes) {
    if (route.method !== method.toUpperCase() || openApiPath(route.path) !== path) continue;
    const meta = (route.handler as { [uniqueSymbol]?: RouteValidator })[uniqueSymbol];
    if (meta && 'target' in meta) found[meta.target] = meta;
  }
  return found;
}

const accepts = async (validator: RouteValidator | undefined, value: unknown) => {
  if (!validator) return 'no validator';
  const result = await validator.validate(value);
  return result.issues ? result.issues.map((issue) => `${issue.path?.map((p) => (typeof p === 'object' ? p.key : p)).join('.') ?? ''}: ${issue.message}`) : 'ok';
};

/**
 * The operations whose answers are not described yet (`x-answer-schema: 'generic'`): the list can
 * only shrink. An area that describes its answers (server/routes/<area>/openapi.ts) takes its
 * operations off it; a new route comes with its answer's schema. None is left.
 */
const stillGeneric: readonly OperationKey[] = [];

/**
 * The fields of `sent` that `described` (what the answer's schema kept of it: a valibot object
 * drops the keys it does not name) lacks, as dotted paths: what an answer carries undescribed.
 */
function undescribed(sent: unknown, described: unknown, at = ''): string[] {
  if (Array.isArray(sent)) return Array.isArray(described) ? sent.flatMap((item, i) => undescribed(item, described[i], `${at}${i}.`)) : [];
  if (!sent || typeof sent !== 'object' || !described || typeof described !== 'object') return [];
  return Object.entries(sent as Json).flatMap(([key, value]) => (key in (described as Json) ? undescribed(value, (described as Json)[key], `${at}${key}.`) : [`${at}${key}`]));
}

/** Why `value` is not what `schema` describes (a refused value, or fields it does not name); none when it is. */
function problemsOf(schema: v.GenericSchema, value: unknown): string[] {
  const result = v.safeParse(schema, value);
  if (!result.success) return result.issues.map((i) => `${v.getDotPath(i)}: ${i.message}`);
  return undescribed(value, result.output).map((path) => `${path}: not in the schema`);
}

describe('GET /openapi.json (issue 44)', () => {
  it('is a valid OpenAPI 3.1 document, served without a credential, every $ref resolved', async () => {
    const doc = await openApi();
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);

    const unresolved: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        const ref = (node as Json).$ref;
        if (typeof ref === 'string') {
          const target = ref.startsWith('#/') ? ref.slice(2).split('/').reduce<unknown>((at, part) => (at as Json | undefined)?.[part.replaceAll('~1', '/').replaceAll('~0', '~')], doc) : undefined;
          if (target === undefined) unresolved.push(ref);
        }
        Object.values(node).forEach(walk);
      }
    };
    walk(doc);
    expect(unresolved).toEqual([]);
    const ids = operations(doc).map(({ op }) => op.operationId as string);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has every route the server mounts, with its access: catalogue resource and method, or public', async () => {
    const doc = await openApi();
    const mounted = [...new Set(h.api.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method.toLowerCase()} ${openApiPath(r.path)}`))];
    expect(mounted.length).toBeGreaterThan(150);
    const missing = mounted.filter((key) => {
      const [method, path] = key.split(' ') as [string, string];
      return !doc.paths[path]?.[method];
    });
    expect(missing).toEqual([]);
    expect(operations(doc)).toHaveLength(mounted.length);

    const person = doc.paths['/person/persons'].post;
    expect(person['x-resource']).toBe('/person/persons');
    expect(person['x-resource-method']).toBe('POST');
    expect(person.description).toContain('`POST` on the catalogue resource `/person/persons`');
    expect(doc.paths['/health/live'].get.security).toEqual([]);
    const unguarded = operations(doc).filter(({ op }) => !op['x-resource'] && !op['x-access']);
    expect(unguarded.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    // Both ways to sign a request.
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(doc.security).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
    // The error shape, for every refusal.
    expect(doc.components.schemas.Error.properties.error.required).toEqual(['code', 'message']);
    expect(person.responses['400']).toEqual({ $ref: '#/components/responses/BadRequest' });
    expect(person.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
  });

  it('describes requests by what they accept and answers by what they send', async () => {
    const doc = await openApi();
    const create = doc.paths['/person/persons'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['name']);
    // A name entry's `text` is computed by the server: not asked of the caller, but answered.
    expect(body.properties.name.items.properties.text).toBeUndefined();
    const read = doc.paths['/person/persons/{id}'].get;
    expect(read.responses['200'].content['application/json'].schema.properties.name.items.required).toContain('text');
    expect(create.responses['201'].content['application/json'].schema.required).toEqual(['id']);
    const list = doc.paths['/person/persons'].get;
    expect(list.parameters.map((p: Json) => p.name)).toEqual(expect.arrayContaining(['limit', 'offset', 'sort', 'order', 'q']));
  });

  it('every documented example passes the route’s own validation, and every answer example its answer schema', async () => {
    const doc = await openApi();
    const refused: string[] = [];
    let checked = 0;
    for (const { path, method, op } of operations(doc)) {
      const validators = validatorsOf(method, path);
      const body = op.requestBody?.content?.['application/json'];
      if (body?.example !== undefined) {
        checked++;
        const verdict = await accepts(validators.json, body.example);
        if (verdict !== 'ok') refused.push(`${method} ${path} body: ${String(verdict)}`);
      }
      const examples = (kind: string) => Object.fromEntries(((op.parameters ?? []) as Json[]).filter((p) => p.in === kind && p.example !== undefined).map((p) => [p.name, p.example]));
      const query = examples('query');
      if (Object.keys(query).length > 0) {
        checked++;
        const verdict = await accepts(validators.query, query);
        if (verdict !== 'ok') refused.push(`${method} ${path} query: ${String(verdict)}`);
      }
      const params = examples('path');
      if (validators.param && Object.keys(params).length > 0) {
        checked++;
        const verdict = await accepts(validators.param, params);
        if (verdict !== 'ok') refused.push(`${method} ${path} path: ${String(verdict)}`);
      }
    }
    for (const [key, doc] of Object.entries(documentedAreas()) as [OperationKey, (typeof documentedAreas extends () => infer A ? A : never)[OperationKey]][]) {
      if (doc?.answer && doc.answerExample !== undefined) {
        checked++;
        const problems = problemsOf(doc.answer, doc.answerExample);
        if (problems.length > 0) refused.push(`${key} answer: ${problems.join('; ')}`);
      }
      if (doc?.answer && doc.answerExample === undefined) refused.push(`${key} answer: no example`);
    }
    expect(refused).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });

  it('a request built only from the document creates and reads a person with an API key', async () => {
    const made = await h.call('admin', `/permissions/apikeys?accountId=${h.accounts.riverside.id}`, {
      method: 'POST',
      json: { name: 'OpenAPI client', roleId: roleId('riverside', 'Administrator') },
    });
    expect(made.status).toBe(201);
    const { secret } = (await made.json()) as { secret: string };

    const doc = await openApi();
    // The server the document names (the API is mounted at the root here), the header its API key scheme names.
    const server = (doc.servers[0].url as string).replace(/\/$/, '');
    const scheme = doc.components.securitySchemes.apiKey as Json;
    const find = (resource: string, method: string) => {
      const found = operations(doc).find(({ op }) => op['x-resource'] === resource && op['x-resource-method'] === method);
      if (!found) throw new Error(`no operation for ${method} ${resource}`);
      return found;
    };
    const create = find('/person/persons', 'POST');
    const content = create.op.requestBody.content as Json;
    const [media] = Object.keys(content) as [string];
    const created = await h.api.request(`${server}${create.path}`, {
      method: create.method.toUpperCase(),
      headers: { [scheme.name as string]: secret, 'Content-Type': media },
      body: JSON.stringify(content[media].example),
    });
    const status = Object.keys(create.op.responses).find((code) => code.startsWith('2'))!;
    expect(created.status, await created.clone().text()).toBe(Number(status));
    const answer = (await created.json()) as Json;
    for (const key of create.op.responses[status].content['application/json'].schema.required as string[]) expect(answer).toHaveProperty(key);

    const read = find('/person/persons/{id}', 'GET');
    const param = (read.op.parameters as Json[]).find((p) => p.in === 'path')!;
    const res = await h.api.request(`${server}${read.path.replace(`{${param.name}}`, encodeURIComponent(answer.id as string))}`, { headers: { [scheme.name as string]: secret } });
    expect(res.status).toBe(200);
    const person = (await res.json()) as Json;
    const answerSchema = read.op.responses['200'].content['application/json'].schema as Json;
    expect(Object.keys(person).sort()).toEqual(Object.keys(answerSchema.properties as Json).sort());
    expect(person.displayName).toBe('Jane Doe');
  });

  it('documents every webhook event in its `webhooks` section: the payload’s schema, an example it accepts, the signature headers', async () => {
    const doc = await openApi();
    expect(Object.keys(doc.webhooks as Json).sort()).toEqual(webhookEventCatalogue.map((event) => event.type).sort());
    // The reference page's introduction shows how to verify one.
    expect(doc.info.description).toContain("import { Webhook } from 'standardwebhooks';");
    expect(doc.info.description).toContain('wh.verify(rawBody, headers)');
    for (const event of webhookEventCatalogue) {
      const op = (doc.webhooks as Json)[event.type].post as Json;
      expect((op.parameters as Json[]).map((p) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      const body = op.requestBody.content['application/json'] as Json;
      expect(body.example).toEqual(event.example);
      expect(v.safeParse(event.schema, body.example).success).toBe(true);
      expect(body.schema.type ?? body.schema.$ref).toBeDefined();
    }
  });

  it('describes every answer but those still listed as generic, and the list only shrinks', async () => {
    const doc = await openApi();
    // Each operation by the route it is (`GET /person/persons/:id`), as the areas name it.
    const routeOf = new Map(h.api.routes.filter((r) => r.method !== 'ALL').map((r) => [`${r.method.toLowerCase()} ${openApiPath(r.path)}`, `${r.method} ${r.path}`]));
    const generic = operations(doc)
      .filter(({ op }) => op['x-answer-schema'] === 'generic')
      .map(({ method, path }) => routeOf.get(`${method} ${path}`) ?? `${method.toUpperCase()} ${path}`);
    // A new generic operation: describe its answer. One listed that is now described: take it off the list.
    expect(generic.filter((key) => !stillGeneric.includes(key as OperationKey)), 'generic, not listed').toEqual([]);
    expect(stillGeneric.filter((key) => !generic.includes(key)), 'listed, now described').toEqual([]);
  });

  it('documents only routes that exist', () => {
    const mounted = new Set(h.api.routes.map((r) => `${r.method} ${r.path}`));
    expect(Object.keys(documentedAreas()).filter((key) => !mounted.has(key))).toEqual([]);
  });

  it('the answers the routes send are what their schemas say', async () => {
    const areas = documentedAreas();
    const mismatches: string[] = [];
    /** Reads `path` as the administrator and checks the answer against the schema documented for `key`; the answer, for the next read. */
    const check = async (key: OperationKey, path: string): Promise<Json> => {
      const res = await h.call('admin', path);
      expect(res.status, path).toBe(200);
      const body = (await res.json()) as Json;
      const problems = problemsOf(areas[key]!.answer!, body);
      if (problems.length > 0) mismatches.push(`${key}: ${problems.join('; ')}`);
      return body;
    };
    const first = (list: Json, key = 'items') => (list[key] as { id: string }[])[0]!.id;
    const riverside = `accountId=${h.accounts.riverside.id}`;

    const persons = await check('GET /person/persons', '/person/persons?limit=5');
    await check('GET /person/persons/:id', `/person/persons/${first(persons, 'Items')}`);
    const users = await check('GET /person/users', `/person/users?limit=5&${riverside}`);
    await check('GET /person/users/:id', `/person/users/${first(users, 'Items')}?${riverside}`);
    const practitioners = await check('GET /person/practitioners', `/person/practitioners?limit=5&${riverside}`);
    await check('GET /person/practitioners/:id', `/person/practitioners/${first(practitioners)}?${riverside}`);
    const points = await check('GET /contactpoints/contact-points', `/contactpoints/contact-points?limit=5&${riverside}`);
    await check('GET /contactpoints/contact-points/:id', `/contactpoints/contact-points/${first(points)}?${riverside}`);
    const calls = await check('GET /interactions/interactions', `/interactions/interactions?limit=5&${riverside}`);
    await check('GET /interactions/interactions/:id', `/interactions/interactions/${first(calls)}?${riverside}`);
    await check('GET /interactions/interactions/:id/comments', `/interactions/interactions/${first(calls)}/comments?${riverside}`);
    const campaigns = await check('GET /surveys/campaigns', `/surveys/campaigns?limit=5&${riverside}`);
    await check('GET /surveys/campaigns/:id', `/surveys/campaigns/${first(campaigns)}?${riverside}`);
    await check('GET /surveys/campaigns/:id/timeline', `/surveys/campaigns/${first(campaigns)}/timeline?days=7&${riverside}`);
    const responses = await check('GET /surveys/campaigns/:campaignId/surveys', `/surveys/campaigns/${first(campaigns)}/surveys?${riverside}`);
    if ((responses.items as unknown[]).length > 0) await check('GET /surveys/campaigns/:campaignId/surveys/:surveyId', `/surveys/campaigns/${first(campaigns)}/surveys/${first(responses)}?${riverside}`);
    const workflows = await check('GET /task-workflows/workflows', `/task-workflows/workflows?${riverside}`);
    if ((workflows.items as unknown[]).length > 0) {
      await check('GET /task-workflows/workflows/:id', `/task-workflows/workflows/${first(workflows)}?${riverside}`);
      const items = await check('GET /task-workflows/workflows/:id/items', `/task-workflows/workflows/${first(workflows)}/items?${riverside}`);
      if ((items.items as unknown[]).length > 0) await check('GET /task-workflows/items/:itemId', `/task-workflows/items/${first(items)}?${riverside}`);
    }
    const keys = await check('GET /permissions/apikeys', `/permissions/apikeys?${riverside}`);
    await check('GET /permissions/apikeys/:id', `/permissions/apikeys/${first(keys, 'apiKeys')}?${riverside}`);
    await check('GET /health/live', '/health/live');
    const issues = await check('GET /issues', `/issues?${riverside}`);
    await check('GET /issues/:id', `/issues/${first(issues)}?${riverside}`);
    const locations = await check('GET /locations/locations', `/locations/locations?${riverside}`);
    await check('GET /locations/locations/:id', `/locations/locations/${first(locations)}?${riverside}`);
    const tags = await check('GET /tag', `/tag?${riverside}`);
    if ((tags.items as unknown[]).length > 0) await check('GET /tag/:id', `/tag/${first(tags)}?${riverside}`);
    await check('GET /accounts', '/accounts');
    await check('GET /accounts', '/accounts?limit=5');
    await check('GET /accounts/account', `/accounts/account?${riverside}`);
    await check('GET /me/preferences', '/me/preferences');
    await check('GET /deleted', `/deleted?${riverside}`);
    await check('GET /audit/recent', `/audit/recent?${riverside}`);
    const entries = await check('GET /audit/entries', `/audit/entries?${riverside}`);
    await check('GET /audit/entries/:id', `/audit/entries/${first(entries)}?${riverside}`);
    await check('GET /audit/views', `/audit/views?${riverside}`);
    await check('GET /audit/facets', `/audit/facets?${riverside}`);
    const masked = await check('GET /call_masking/sessions', `/call_masking/sessions?${riverside}`);
    expect((masked.items as unknown[]).length, 'seeded masked call links').toBeGreaterThan(0);
    await check('GET /call_masking/sessions/:id', `/call_masking/sessions/${first(masked)}?${riverside}`);
    const queues = await check('GET /callcenter/queues', `/callcenter/queues?${riverside}`);
    expect((queues.items as unknown[]).length, 'seeded queues').toBeGreaterThan(0);
    await check('GET /callcenter/queues/:queueId', `/callcenter/queues/${first(queues)}?${riverside}`);
    const chatSettings = await check('GET /chat/settings', `/chat/settings?${riverside}`);
    if (chatSettings.widgetId) await check('GET /chat/public/widgets/:id', `/chat/public/widgets/${chatSettings.widgetId as string}`);
    const [chat] = await h.db.select({ interactionId: webChats.interactionId }).from(webChats).where(eq(webChats.accountId, h.accounts.riverside.id)).limit(1);
    expect(chat, 'a seeded web chat').toBeDefined();
    await check('GET /chat/conversations/:id', `/chat/conversations/${chat!.interactionId}?${riverside}`);
    await check('GET /metrics/historic', `/metrics/historic?${riverside}`);
    await check('GET /metrics/realtime', `/metrics/realtime?${riverside}`);
    const roles = await check('GET /permissions/roles', `/permissions/roles?${riverside}`);
    await check('GET /permissions/roles', `/permissions/roles?limit=5&${riverside}`);
    await check('GET /permissions/roles/:id', `/permissions/roles/${first(roles)}?${riverside}`);
    const policies = await check('GET /permissions/policies', `/permissions/policies?${riverside}`);
    await check('GET /permissions/policies/:id', `/permissions/policies/${first(policies)}?${riverside}`);
    await check('GET /permissions/trust-targets', `/permissions/trust-targets?${riverside}`);
    await check('GET /permissions/accesspolicy', `/permissions/accesspolicy?${riverside}`);
    const schedules = await check('GET /schedule/schedule', `/schedule/schedule?${riverside}`);
    await check('GET /schedule/schedule/:id', `/schedule/schedule/${first(schedules)}?${riverside}`);
    const occurrences = await check('GET /schedule/schedule/:scheduleId/task', `/schedule/schedule/${first(schedules)}/task?from=2026-01-05&to=2026-01-18&${riverside}`);
    expect((occurrences.items as unknown[]).length, 'seeded schedule tasks').toBeGreaterThan(0);
    await check('GET /schedule/schedule/:scheduleId/task/:id', `/schedule/schedule/${first(schedules)}/task/${(occurrences.items as { taskId: string }[])[0]!.taskId}?${riverside}`);
    await check('GET /search', `/search?q=a&${riverside}`);
    await check('GET /search', `/search?q=${first(persons, 'Items')}&${riverside}`);
    await check('GET /teamsbot/graph/users', `/teamsbot/graph/users?${riverside}`);
    const teamsTeams = await check('GET /teamsbot/graph/team', `/teamsbot/graph/team?${riverside}`);
    const teamsTeam = first(teamsTeams, 'teams');
    const channels = await check('GET /teamsbot/graph/team/:teamId/channels', `/teamsbot/graph/team/${teamsTeam}/channels?${riverside}`);
    await check('GET /teamsbot/graph/team/:teamId/channels/:channelId/messages', `/teamsbot/graph/team/${teamsTeam}/channels/${encodeURIComponent(first(channels, 'channels'))}/messages?${riverside}`);
    await check('GET /telephony/settings', `/telephony/settings?${riverside}`);
    // No endpoint is seeded: one made here, its answer checked too.
    const made = await h.call('admin', `/webhooks/endpoints?${riverside}`, { method: 'POST', json: { url: 'https://ehr.example.com/astera/webhooks', events: ['person.created'] } });
    expect(made.status).toBe(201);
    const endpoint = (await made.json()) as Json;
    const madeProblems = problemsOf(areas['POST /webhooks/endpoints']!.answer!, endpoint);
    if (madeProblems.length > 0) mismatches.push(`POST /webhooks/endpoints: ${madeProblems.join('; ')}`);
    await check('GET /webhooks/endpoints', `/webhooks/endpoints?${riverside}`);
    await check('GET /webhooks/endpoints/:id', `/webhooks/endpoints/${endpoint.id as string}?${riverside}`);
    await check('GET /webhooks/endpoints/:id/deliveries', `/webhooks/endpoints/${endpoint.id as string}/deliveries?${riverside}`);
    await check('GET /task-workflows/people', `/task-workflows/people?${riverside}`);
    // Something deleted, for "Recently deleted" to list.
    const place = await h.call('admin', `/locations/locations?${riverside}`, { method: 'POST', json: { name: 'OpenAPI deleted place' } });
    expect(place.status).toBe(201);
    const placeId = ((await place.json()) as Json).id as string;
    expect((await h.call('admin', `/locations/locations/${placeId}?${riverside}`, { method: 'DELETE' })).status).toBe(204);
    const deleted = await check('GET /deleted', `/deleted?${riverside}`);
    expect((deleted.items as { id: string }[]).map((item) => item.id)).toContain(placeId);
    const plans = await check('GET /insurances', `/insurances?${riverside}`);
    await check('GET /insurances/:id', `/insurances/${first(plans)}?${riverside}`);
    const teams = await check('GET /teams/teams', `/teams/teams?${riverside}`);
    await check('GET /teams/teams/:id', `/teams/teams/${first(teams)}?${riverside}`);
    await check('GET /teams/teams/:id/members', `/teams/teams/${first(teams)}/members?${riverside}`);
    await check('GET /teams/teams/:id/candidates', `/teams/teams/${first(teams)}/candidates?${riverside}`);
    const sent = await h.call('admin', `/notifications/notifications?${riverside}`, { method: 'POST', json: { title: 'Schema check', message: 'An answer to check' } });
    expect(sent.status).toBe(201);
    const notification = (await sent.json()) as Json;
    const sentProblems = problemsOf(areas['POST /notifications/notifications']!.answer!, notification);
    if (sentProblems.length > 0) mismatches.push(`POST /notifications/notifications: ${sentProblems.join('; ')}`);
    await check('GET /notifications/notifications', `/notifications/notifications?${riverside}`);
    await check('GET /notifications/notifications/:id', `/notifications/notifications/${notification.id as string}?${riverside}`);
    expect(mismatches).toEqual([]);
  });
});
