import * as v from 'valibot';
import type { ApiKey, ApiKeyCreated, ApiKeyList } from '../../../domain/api-keys.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, commonFields, dateTime, example, exampleCommon, pageFields, uuid } from '../../openapi/schemas.ts';

/** API keys (server/routes/apikeys/index.ts): their answers, with examples. */

const keyEntries = {
  ...commonFields,
  resourceType: v.literal('ApiKey'),
  name: v.string(),
  active: v.boolean(),
  roleId: v.pipe(v.nullable(uuid), v.description('Null once the role was deleted: the key may then do nothing.')),
  roleName: v.nullable(v.string()),
  hint: v.pipe(v.string(), v.description("The secret's first characters, to tell which key a client holds.")),
  lastUsedAt: v.nullable(dateTime),
};

const apiKeyAnswer = answerOf<ApiKey>()(v.object(keyEntries));
const apiKeyCreatedAnswer = answerOf<ApiKeyCreated>()(v.object({ ...keyEntries, secret: v.pipe(v.string(), v.description('The key itself: shown this once, never again.')) }));
const apiKeyListAnswer = answerOf<ApiKeyList>()(
  v.object({
    ...pageFields,
    apiKeys: v.pipe(v.array(v.object(keyEntries)), v.description('Each key whole (spec §3), never its secret.')),
  }),
);

const key: ApiKey = { ...exampleCommon(), resourceType: 'ApiKey', name: 'Billing export', active: true, roleId: example.otherId, roleName: 'Read Only', hint: 'ak_Zx3q…', lastUsedAt: example.later };

export const apiKeyDocs = areaDocs({
  'GET /permissions/apikeys': {
    summary: 'List API keys',
    answer: apiKeyListAnswer,
    queryExample: { limit: '20', sort: 'name', order: 'asc' },
    answerExample: { total: 1, limit: 20, offset: 0, apiKeys: [key] },
  },
  'POST /permissions/apikeys': {
    summary: 'Create an API key',
    description: 'The answer carries the secret, this once. The role may grant nothing the caller’s own role lacks.',
    status: 201,
    answer: apiKeyCreatedAnswer,
    requestExample: { name: 'Billing export', roleId: example.otherId },
    answerExample: { ...key, lastUsedAt: null, secret: `ak_${'Zx3q'.padEnd(43, '0')}` },
  },
  'GET /permissions/apikeys/:id': { summary: 'Read an API key', answer: apiKeyAnswer, answerExample: key },
  'PATCH /permissions/apikeys/:id': { summary: 'Update an API key (deactivate it, change its role)', answer: apiKeyAnswer, requestExample: { version: 1, active: false }, answerExample: { ...key, ...exampleCommon(example.id, 2), active: false } },
  'DELETE /permissions/apikeys/:id': { summary: 'Delete an API key', status: 204 },
});
