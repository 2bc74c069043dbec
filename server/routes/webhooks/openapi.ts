import * as v from 'valibot';
import {
  webhookEventTypes,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEndpointWithSecret,
  type WebhookResent,
} from '../../../domain/webhooks.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, commonFields, dateTime, example, exampleCommon, uuid } from '../../openapi/schemas.ts';

/** Webhook endpoints and their delivery logs (server/routes/webhooks/index.ts); the events themselves are the document's `webhooks`. */

const endpointEntries = {
  ...commonFields,
  resourceType: v.literal('WebhookEndpoint'),
  url: v.pipe(v.string(), v.description('Where the events are posted (HTTPS).')),
  description: v.nullable(v.string()),
  events: v.array(v.picklist(webhookEventTypes)),
  active: v.boolean(),
  disabledReason: v.pipe(v.nullable(v.string()), v.description('Why the platform turned it off (it answered 410, or failed for five days).')),
  failingSince: v.pipe(v.nullable(dateTime), v.description('Since when every attempt has failed.')),
  secretHint: v.pipe(v.string(), v.description('The secret’s first characters, to tell which secret a receiver holds.')),
  previousSecretExpiresAt: v.pipe(v.nullable(dateTime), v.description('Until when the previous secret signs too, after a rotation.')),
};
const endpointAnswer = answerOf<WebhookEndpoint>()(v.object(endpointEntries));
const withSecretAnswer = answerOf<WebhookEndpointWithSecret>()(v.object({ ...endpointEntries, secret: v.pipe(v.string(), v.description('The signing secret (`whsec_…`): shown this once.')) }));
const endpointListAnswer = answerOf<WebhookEndpointList>()(v.object({ items: v.array(endpointAnswer) }));
const deliveriesAnswer = answerOf<WebhookDeliveryList>()(
  v.object({
    items: v.array(
      v.object({
        eventId: v.pipe(uuid, v.description('The event’s id: its `webhook-id`, the same on every attempt.')),
        type: v.picklist(webhookEventTypes),
        recordId: v.string(),
        createdAt: dateTime,
        status: v.picklist(['pending', 'succeeded', 'failed']),
        attempts: v.pipe(v.number(), v.integer()),
        nextAttemptAt: v.pipe(v.nullable(dateTime), v.description('When a pending delivery is tried next.')),
        log: v.pipe(
          v.array(v.object({ at: dateTime, statusCode: v.nullable(v.number()), durationMs: v.number(), error: v.pipe(v.nullable(v.string()), v.description('Why an attempt failed without a status (a timeout, a refused address).')) })),
          v.description('Each attempt, newest first.'),
        ),
      }),
    ),
  }),
);
const resentAnswer = answerOf<WebhookResent>()(v.object({ resent: v.pipe(v.number(), v.integer(), v.description('How many events go out again.')) }));

const endpoint: WebhookEndpoint = {
  ...exampleCommon(),
  resourceType: 'WebhookEndpoint',
  url: 'https://ehr.example.com/astera/webhooks',
  description: 'EHR sync',
  events: ['person.created', 'person.updated', 'interaction.ended'],
  active: true,
  disabledReason: null,
  failingSince: null,
  secretHint: 'whsec_Xy4k…',
  previousSecretExpiresAt: null,
};
const secret = `whsec_${'Xy4k'.padEnd(43, 'A')}=`;

export const webhookDocs = areaDocs({
  'GET /webhooks/endpoints': { summary: 'List the account’s webhook endpoints', answer: endpointListAnswer, answerExample: { items: [endpoint] } },
  'POST /webhooks/endpoints': {
    summary: 'Register a webhook endpoint (its secret is in the answer, this once)',
    status: 201,
    answer: withSecretAnswer,
    requestExample: { url: 'https://ehr.example.com/astera/webhooks', description: 'EHR sync', events: ['person.created', 'person.updated', 'interaction.ended'] },
    answerExample: { ...endpoint, secret },
  },
  'GET /webhooks/endpoints/:id': { summary: 'Read a webhook endpoint', answer: endpointAnswer, answerExample: endpoint },
  'PATCH /webhooks/endpoints/:id': {
    summary: 'Update a webhook endpoint (turning it on again sends what waited)',
    answer: endpointAnswer,
    requestExample: { version: 1, active: false },
    answerExample: { ...endpoint, ...exampleCommon(example.id, 2), active: false },
  },
  'DELETE /webhooks/endpoints/:id': { summary: 'Delete a webhook endpoint', status: 204 },
  'POST /webhooks/endpoints/:id/rotate-secret': {
    summary: 'A new secret; the previous one keeps signing beside it for a day',
    answer: withSecretAnswer,
    answerExample: { ...endpoint, ...exampleCommon(example.id, 2), previousSecretExpiresAt: example.later, secret },
  },
  'GET /webhooks/endpoints/:id/deliveries': {
    summary: 'The endpoint’s delivery log: the latest events, each with its attempts',
    answer: deliveriesAnswer,
    queryExample: { limit: '20' },
    answerExample: {
      items: [
        {
          eventId: example.otherId,
          type: 'person.updated',
          recordId: example.id,
          createdAt: example.time,
          status: 'succeeded',
          attempts: 2,
          nextAttemptAt: null,
          log: [
            { at: '2026-03-14T09:30:06.000Z', statusCode: 200, durationMs: 184, error: null },
            { at: '2026-03-14T09:30:01.000Z', statusCode: 503, durationMs: 95, error: null },
          ],
        },
      ],
    },
  },
  'POST /webhooks/endpoints/:id/resend': {
    summary: 'Send again one event, or every event of a time range, meant for this endpoint',
    answer: resentAnswer,
    requestExample: { from: '2026-03-14T00:00:00.000Z', to: '2026-03-15T00:00:00.000Z' },
    answerExample: { resent: 12 },
  },
});
