import type { Hono } from 'hono';
import { generateSpecs, resolver, uniqueSymbol, type ResolverReturnType } from 'hono-openapi';
import { webhookEventCatalogue } from '../webhooks/events.ts';
import * as v from 'valibot';
import { apiKeyPrefix } from '../../domain/api-keys.ts';
import { accessDecision } from '../auth/requires.ts';
import type { OperationDoc, OperationKey } from './registry.ts';
import { documentedAreas } from './areas.ts';

// The document is plain JSON built in steps; openapi-types' 3.0 and 3.1 types do not mix, so it is typed loosely here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
type Operation = Json;
type Schema = Json;
type Validator = ResolverReturnType & { target: string };
// Any Hono app: the document reads its routes only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyApp = Hono<any, any, any>;

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** `/a/:id/b/:path{.+}` → `/a/{id}/b/{path}`, as hono-openapi names a path. */
export const openApiPath = (path: string) => path.replace(/\/:(\w+)(?:\{[^/]*\})?\??(?=\/|$)/g, '/{$1}');

/** The error every refusal answers (architecture "API shape"): never the request's own text. */
export const errorSchema = v.object({
  error: v.object({
    code: v.pipe(v.string(), v.description('What went wrong, for programs: invalid_request, unauthenticated, forbidden, not_found, conflict, payload_too_large, internal…')),
    message: v.pipe(v.string(), v.description('What went wrong, for people.')),
    fields: v.pipe(v.optional(v.record(v.string(), v.string())), v.description('For a refused request: each bad field (a dotted path) and what it expects.')),
    id: v.pipe(v.optional(v.string()), v.description('The id of the log line that tells more (an internal error, an integration failure).')),
  }),
});

const errorExample = (code: string, message: string, fields?: Record<string, string>) => ({ error: { code, message, ...(fields && { fields }) } });

/** The refusals every route may answer, once in `components.responses`. */
const errorResponses = {
  BadRequest: ['The request is refused: each bad field is named, the request is not echoed.', errorExample('invalid_request', 'Invalid request', { name: 'Name is required' })],
  Unauthenticated: ['No credential, or one that is expired, revoked or unknown.', errorExample('unauthenticated', 'Sign in again')],
  Forbidden: ["The caller's role does not grant the operation's catalogue resource and method.", errorExample('forbidden', 'You do not have permission to do that')],
  NotFound: ['No such record in this account (a record of another account is not revealed).', errorExample('not_found', 'Not found')],
  Conflict: ['The record changed since the version the request edits (read it again), or a unique value is taken.', errorExample('conflict', 'This record was changed by someone else')],
  PayloadTooLarge: ['The request body is over the route\'s limit.', errorExample('payload_too_large', 'The request is too large')],
  ServerError: ['Something failed on the server; `id` names the log line.', { error: { code: 'internal', message: 'Something went wrong', id: '4f0c1a57-2d3e-4b4a-9d8e-1c2b3a4d5e6f' } }],
} as const;

const ref = (name: keyof typeof errorResponses) => ({ $ref: `#/components/responses/${name}` });

/** The validators (server/validate.ts) of one route, by target. */
function validatorsOf(app: AnyApp, method: string, path: string): Partial<Record<string, Validator>> {
  const found: Partial<Record<string, Validator>> = {};
  for (const route of app.routes) {
    if (route.method !== method || route.path !== path) continue;
    const meta = (route.handler as { [uniqueSymbol]?: Validator })[uniqueSymbol];
    if (meta && 'target' in meta) found[meta.target] = meta;
  }
  return found;
}

/** The route's access decision (server/auth/requires.ts): `METHOD resource`, `signed-in` or `anyone`. */
function decisionOf(app: AnyApp, method: string, path: string): string | undefined {
  for (const route of app.routes) {
    if (route.method !== method || route.path !== path) continue;
    const decision = (route.handler as { [accessDecision]?: string })[accessDecision];
    if (decision) return decision;
  }
  return undefined;
}

/** A schema of `components.schemas` in place of its reference. */
function resolved(schema: Schema | undefined, schemas: Record<string, Schema>): Schema | undefined {
  let current = schema;
  for (let depth = 0; current && '$ref' in current && depth < 10; depth++) current = schemas[current.$ref.split('/').pop()!];
  return current;
}

const sampleUuid = '8c1e7d3a-5b2f-4c6d-9e0a-1b2c3d4e5f60';

/**
 * A plain value the schema describes, from its required parts only: what a generated example is
 * made of, for an operation whose area gave none (kept only when the route's own validator takes it).
 */
export function sampleOf(schema: Schema | undefined, schemas: Record<string, Schema>, depth = 0): unknown {
  const s = resolved(schema, schemas);
  if (!s || depth > 8) return undefined;
  if ('const' in s) return s.const;
  if (s.enum?.length) return (s.enum as unknown[]).find((x) => x !== null) ?? s.enum[0];
  if (s.default !== undefined) return s.default;
  for (const options of [s.anyOf, s.oneOf]) {
    if (options?.length) {
      const option = (options as Schema[]).find((o) => resolved(o, schemas)?.type !== 'null') ?? options[0];
      return sampleOf(option, schemas, depth + 1);
    }
  }
  if (s.allOf?.length) return sampleOf(s.allOf[0], schemas, depth + 1);
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of (s.required ?? []) as string[]) value[key] = sampleOf(s.properties?.[key], schemas, depth + 1);
      return value;
    }
    case 'array': {
      const first = ((s.prefixItems ?? []) as Schema[]).map((item) => sampleOf(item, schemas, depth + 1));
      const rest = Math.max(0, (s.minItems ?? 0) - first.length);
      return [...first, ...Array.from({ length: rest }, () => sampleOf(s.items as Schema, schemas, depth + 1))];
    }
    case 'string':
      switch (s.format) {
        case 'uuid':
          return sampleUuid;
        case 'email':
          return 'jane.doe@example.com';
        case 'date':
          return '2026-03-14';
        case 'date-time':
          return '2026-03-14T09:30:00.000Z';
        case 'uri':
        case 'url':
          return 'https://example.com/';
      }
      return 'Example'.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? undefined);
    case 'integer':
    case 'number':
      return s.minimum ?? (typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
  }
  return undefined;
}

const validates = async (validator: Validator | undefined, value: unknown) => {
  if (!validator) return true;
  const result = await validator.validate(value);
  return !result.issues;
};

/** An answer's valibot schema, described by its output (what the handler sends). */
async function answerSchema(schema: v.GenericSchema, components: Json): Promise<Schema> {
  const described = (await resolver(schema, { options: { typeMode: 'output', target: 'draft-2020-12' } }).toOpenAPISchema()) as { schema: Schema; components?: Json };
  const defs = described.schema.$defs as Json | undefined;
  if (defs) {
    components.schemas = { ...components.schemas, ...defs };
    delete described.schema.$defs;
  }
  if (described.components?.schemas) components.schemas = { ...components.schemas, ...described.components.schemas };
  return described.schema;
}

/** The tag of an operation: the area of the API it belongs to (its first segment). */
const tagOf = (path: string) => path.split('/')[1] ?? 'api';

export type DocumentOptions = {
  /** Where the API is mounted, as its callers reach it (`/api`): the document's server. */
  base: string;
  /** The operations' documentation by area; every area's `docs` (server/openapi/areas.ts) unless a test gives its own. */
  areas?: Partial<Record<OperationKey, OperationDoc>>;
};

/**
 * The OpenAPI 3.1 document of the API (issue 44), made from the routes themselves: hono-openapi
 * reads each route's validators (their valibot schemas, server/validate.ts), this adds what each
 * route's `requires()` names (the catalogue resource and method), both ways to sign a request,
 * the error shape, and what each area documents about its answers (server/routes/<area>/openapi.ts).
 */
export async function openApiDocument(app: AnyApp, { base, areas = documentedAreas() }: DocumentOptions): Promise<Json> {
  const generated = (await generateSpecs(app, {
    includeEmptyPaths: true,
    // `/openapi.json` is a route, not a file.
    excludeStaticFile: false,
    excludeMethods: ['OPTIONS', 'HEAD'],
    defaultValidationErrorResponse: false,
    documentation: {
      info: {
        title: 'Astera Portal API',
        version: '1.0.0',
        description: [
          'The API of the Astera portal: every route the portal itself uses. Each operation names the catalogue resource and method',
          "(`x-resource`, `x-resource-method`) that the caller's role must grant; an instance administrator passes every check.",
          '',
          '**Signing a request.** Either a bearer token from the identity provider (`Authorization: Bearer <JWT>`), or an API key',
          `of the account (System → API keys), sent as \`x-api-key: ${apiKeyPrefix}…\` or as a bearer (\`Authorization: Bearer ${apiKeyPrefix}…\`).`,
          'An API key acts in its own account with its role; the `accountId` query parameter acts in another account where the caller may.',
          '',
          '**Errors** are `{ "error": { "code", "message", "fields"? } }` with the status; a refused request names each bad field and never echoes what was sent.',
          'A write carries the record\'s `version`; a stale one answers 409.',
          '',
          '**Webhooks.** An administrator registers endpoints under System → Webhooks; the events posted to them are in this',
          "document's `webhooks` section. Each is signed by the Standard Webhooks scheme with the endpoint's secret: verify the raw",
          'body before trusting it, then read the record with an API key (the payload names it, never its patient data):',
          '',
          '```ts',
          "import { Webhook } from 'standardwebhooks';",
          '',
          "const wh = new Webhook(process.env.ASTERA_WEBHOOK_SECRET!); // whsec_…, shown once when the endpoint is made or its secret rotated",
          '// rawBody: the request body exactly as received; headers: webhook-id, webhook-timestamp, webhook-signature.',
          'const event = wh.verify(rawBody, headers) as { type: string; data: { id: string } }; // throws when the signature or time is wrong',
          '// Answer 2xx within 15 s, then do the work; drop a repeated webhook-id (a retry of one already handled).',
          '```',
        ].join('\n'),
      },
    },
  })) as Json;

  const components: Json = generated.components ?? {};
  components.schemas ??= {};
  const schemas = components.schemas as Record<string, Schema>;
  // Hono's route patterns per OpenAPI path, to find each operation's validators and access decision.
  const honoPaths = new Map<string, string>();
  for (const route of app.routes) if (route.method !== 'ALL') honoPaths.set(openApiPath(route.path), route.path);

  const paths: Json = {};
  for (const [path, item] of Object.entries((generated.paths ?? {}) as Record<string, Json>)) {
    const honoPath = honoPaths.get(path);
    if (!item || !honoPath) continue;
    const outItem: Json = {};
    for (const method of methods) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      const METHOD = method.toUpperCase();
      const key = `${METHOD} ${honoPath}` as OperationKey;
      const doc = areas[key] ?? {};
      const validators = validatorsOf(app, METHOD, honoPath);
      const decision = decisionOf(app, METHOD, honoPath);
      const out: Operation = { ...operation, tags: [tagOf(path)] };
      if (doc.summary) out.summary = doc.summary;
      const descriptions = doc.description ? [doc.description] : [];

      // Who may call it.
      if (decision === 'anyone') {
        out.security = [];
        out['x-access'] = 'public';
        descriptions.push('Public: no credential is needed.');
      } else if (decision === 'signed-in') {
        out.security = [{ bearerAuth: [] }];
        out['x-access'] = 'signed-in';
        descriptions.push('For a signed-in user about themself: an API key is refused.');
      } else if (decision) {
        const [resourceMethod, ...rest] = decision.split(' ');
        const resource = rest.join(' ');
        out['x-resource'] = resource;
        out['x-resource-method'] = resourceMethod;
        descriptions.push(`Needs \`${resourceMethod}\` on the catalogue resource \`${resource}\`.`);
      }
      if (descriptions.length) out.description = descriptions.join('\n\n');

      // A query parameter's text that becomes a number is described as the number it must be.
      for (const parameter of (out.parameters ?? []) as Json[]) {
        if (parameter.schema?.type && parameter.schema.anyOf) delete parameter.schema.anyOf;
      }

      // Examples of what to send, each one the route's own validator takes.
      const pathParameters = ((out.parameters ?? []) as Json[]).filter((parameter) => parameter.in === 'path');
      const pathExample: Record<string, unknown> = {};
      for (const parameter of pathParameters) {
        // What the schema says, else an id, else a number: the first the route's validator takes.
        const candidates = [sampleOf(parameter.schema as Schema, schemas), sampleUuid, '1'];
        for (const candidate of candidates) {
          pathExample[parameter.name] = candidate;
          if (await validates(validators.param, { ...Object.fromEntries(pathParameters.map((p) => [p.name, sampleUuid])), ...pathExample })) break;
        }
        parameter.example = pathExample[parameter.name];
      }
      const query = doc.queryExample;
      if (query) {
        for (const parameter of (out.parameters ?? []) as Json[]) {
          if (parameter.in === 'query' && query[parameter.name] !== undefined) parameter.example = query[parameter.name];
        }
      }
      if (doc.requestMedia && !out.requestBody) {
        out.requestBody = { required: true, content: { [doc.requestMedia]: { schema: { type: 'string', format: 'binary' } } } };
      }
      const body = (out.requestBody as Json | undefined)?.content?.['application/json'] as Json | undefined;
      if (body) {
        const example = doc.requestExample ?? sampleOf(body.schema as Schema, schemas);
        if (doc.requestExample !== undefined || (await validates(validators.json, example))) body.example = example;
      }

      // What it answers.
      const status = String(doc.status ?? 200);
      const responses: Json = {};
      if (doc.status === 204) {
        responses['204'] = { description: 'Done; no body.' };
      } else if (doc.media) {
        const schema = doc.media.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' };
        responses[status] = { description: 'The content.', content: { [doc.media]: { schema } } };
      } else if (doc.answer) {
        const schema = await answerSchema(doc.answer, components);
        responses[status] = {
          description: 'Success.',
          content: { 'application/json': { schema, ...(doc.answerExample !== undefined && { example: doc.answerExample }) } },
        };
      } else {
        out['x-answer-schema'] = 'generic';
        responses[status] = { description: 'Success (a JSON answer whose schema is not documented yet).', content: { 'application/json': { schema: {} } } };
      }
      if (validators.json || validators.query || validators.param || out.parameters?.length) responses['400'] = ref('BadRequest');
      if (decision !== 'anyone') responses['401'] = ref('Unauthenticated');
      if (decision !== 'anyone') responses['403'] = ref('Forbidden');
      if (path.includes('{')) responses['404'] = ref('NotFound');
      if (METHOD === 'PATCH' || METHOD === 'PUT') responses['409'] = ref('Conflict');
      if (validators.json) responses['413'] = ref('PayloadTooLarge');
      responses['500'] = ref('ServerError');
      out.responses = responses;
      outItem[method] = out;
    }
    paths[path] = outItem;
  }

  const error = await answerSchema(errorSchema, components);
  components.schemas = { ...components.schemas, Error: error };
  components.responses = Object.fromEntries(
    Object.entries(errorResponses).map(([name, [description, example]]) => [
      name,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example } } },
    ]),
  );
  components.securitySchemes = {
    bearerAuth: {
      type: 'http',
      scheme: 'bearer',
      description: `An access token from the identity provider (a JWT), or an API key (\`${apiKeyPrefix}…\`) as the bearer.`,
    },
    apiKey: {
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
      description: `An API key of the account (System → API keys): \`${apiKeyPrefix}…\`. It acts with its own role.`,
    },
  };

  // What the platform posts to a practice's webhook endpoints (issue 44): one operation per event type.
  const signatureHeaders = {
    'webhook-id': ['The event’s id: the same on every retry, for the receiver to drop a duplicate.', 'msg_2f8c1b7e4a0d4c1e9b3f'],
    'webhook-timestamp': ['When this attempt was signed, in seconds since 1970 (refuse one more than five minutes off).', '1767225600'],
    'webhook-signature': ['`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` with the endpoint’s secret; two, space-separated, while a rotated secret still signs.', 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4='],
  } as const;
  const webhooks: Json = {};
  for (const event of webhookEventCatalogue) {
    webhooks[event.type] = {
      post: {
        operationId: `webhook.${event.type}`,
        summary: event.label,
        description: `${event.description} Signed by the Standard Webhooks scheme (docs/webhooks.md): verify it with the endpoint’s secret before trusting it, then read the record with an API key.`,
        tags: ['webhooks'],
        parameters: Object.entries(signatureHeaders).map(([name, [description, example]]) => ({ name, in: 'header', required: true, description, schema: { type: 'string' }, example })),
        requestBody: { required: true, content: { 'application/json': { schema: await answerSchema(event.schema, components), example: event.example } } },
        responses: { '2XX': { description: 'Received: any 2xx ends the event’s delivery. Anything else (a redirect too) is retried for about three days; 410 turns the endpoint off.' } },
      },
    };
  }

  const tags = [...new Set(Object.keys(paths).map(tagOf))].sort().map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: generated.info,
    servers: [{ url: base || '/', description: 'This portal' }],
    security: [{ bearerAuth: [] }, { apiKey: [] }],
    tags,
    paths,
    webhooks,
    components,
  };
}
