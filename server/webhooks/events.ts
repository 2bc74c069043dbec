/**
 * The webhook events (issue 44) and each one's payload, as valibot schemas: the one catalogue that
 * the delivery builds bodies from, the tests check bodies against, and the OpenAPI document's
 * `webhooks` section can be generated from (`webhookEventCatalogue`: type, description, schema,
 * example). Payloads are thin: the event's type, when, the record's id and account, and what
 * changed as field names, never values, so patient data never sits in a receiver's logs. The
 * receiver reads the record with an API key whose role decides what it sees.
 */
import * as v from 'valibot';
import { webhookEventLabels, type WebhookEventType } from '../../domain/webhooks.ts';

const uuid = v.pipe(v.string(), v.uuid());
const instant = v.pipe(v.string(), v.isoTimestamp());

/** The envelope every event shares (Standard Webhooks' recommended shape: type, timestamp, data). */
const envelope = <const T extends WebhookEventType, const E extends v.ObjectEntries>(type: T, data: E) =>
  v.object({
    type: v.literal(type),
    timestamp: instant,
    data: v.object({
      /** The record the event is about (its id, as the API's paths take it). */
      id: v.string(),
      accountId: uuid,
      ...data,
    }),
  });

const finishedStatuses = ['SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'] as const;

export const webhookPayloadSchemas = {
  'interaction.ended': envelope('interaction.ended', { status: v.string(), interactionType: v.picklist(['call', 'chat']) }),
  'interaction.comment_added': envelope('interaction.comment_added', { interactionId: uuid }),
  'chat.message_received': envelope('chat.message_received', { interactionId: uuid, seq: v.pipe(v.number(), v.integer()) }),
  'survey.answered': envelope('survey.answered', { campaignId: uuid }),
  'workflow_item.finished': envelope('workflow_item.finished', { workflowId: uuid, status: v.picklist(finishedStatuses) }),
  'person.created': envelope('person.created', {}),
  'person.updated': envelope('person.updated', { changes: v.array(v.string()) }),
  'person.deleted': envelope('person.deleted', {}),
} satisfies Record<WebhookEventType, v.GenericSchema>;

export type WebhookPayload = v.InferOutput<(typeof webhookPayloadSchemas)[WebhookEventType]>;

const descriptions: Record<WebhookEventType, string> = {
  'interaction.ended': 'A call or a web chat ended (its end time was set). `status` is the interaction\'s; read it at `GET /interactions/interactions/{id}`.',
  'interaction.comment_added': 'A comment was added to an interaction. `id` is the comment\'s; read it with the interaction (`interactionId`).',
  'chat.message_received': 'A web chat visitor sent a message. `id` and `interactionId` are the chat\'s interaction; `seq` numbers the message in it.',
  'survey.answered': 'A patient answered a survey. `id` is the response\'s; read it at `GET /surveys/campaigns/{campaignId}/surveys`.',
  'workflow_item.finished': 'A task workflow\'s item ended: `status` SUCCEEDED, FAILED, TIMED_OUT or ABORTED. Read it at `GET /task-workflows/items/{id}`.',
  'person.created': 'A person was created. Read it at `GET /person/persons/{id}`.',
  'person.updated': 'A person was changed. `changes` names the fields that changed (never their values).',
  'person.deleted': 'A person was deleted (it can be restored for 30 days).',
};

const account = '3f1c1b6e-6a4e-4b8f-9a53-2f1e0d7c9b10';
const record = '8d2f9c1a-0b7e-4c55-9e61-7a3b2c1d0e9f';
const at = '2026-12-07T06:00:00.000Z';
const examples: { [T in WebhookEventType]: v.InferOutput<(typeof webhookPayloadSchemas)[T]> } = {
  'interaction.ended': { type: 'interaction.ended', timestamp: at, data: { id: record, accountId: account, status: 'completed', interactionType: 'call' } },
  'interaction.comment_added': { type: 'interaction.comment_added', timestamp: at, data: { id: record, accountId: account, interactionId: '5b0e6a0c-2f0a-4c4e-8d1f-1c2b3a4d5e6f' } },
  'chat.message_received': { type: 'chat.message_received', timestamp: at, data: { id: record, accountId: account, interactionId: record, seq: 3 } },
  'survey.answered': { type: 'survey.answered', timestamp: at, data: { id: record, accountId: account, campaignId: '5b0e6a0c-2f0a-4c4e-8d1f-1c2b3a4d5e6f' } },
  'workflow_item.finished': { type: 'workflow_item.finished', timestamp: at, data: { id: record, accountId: account, workflowId: '5b0e6a0c-2f0a-4c4e-8d1f-1c2b3a4d5e6f', status: 'SUCCEEDED' } },
  'person.created': { type: 'person.created', timestamp: at, data: { id: record, accountId: account } },
  'person.updated': { type: 'person.updated', timestamp: at, data: { id: record, accountId: account, changes: ['gender', 'name'] } },
  'person.deleted': { type: 'person.deleted', timestamp: at, data: { id: record, accountId: account } },
};

export type WebhookEventEntry = { type: WebhookEventType; label: string; description: string; schema: v.GenericSchema; example: WebhookPayload };

/** Every event, for documentation (the OpenAPI document's `webhooks`, docs/webhooks.md). */
export const webhookEventCatalogue: WebhookEventEntry[] = (Object.keys(webhookPayloadSchemas) as WebhookEventType[]).map((type) => ({
  type,
  label: webhookEventLabels[type],
  description: descriptions[type],
  schema: webhookPayloadSchemas[type],
  example: examples[type],
}));

/** An event's payload as delivered, from its outbox row (the same body on every attempt and resend). */
export const payloadOf = (event: { type: WebhookEventType; recordId: string; accountId: string; data: Record<string, unknown>; createdAt: Date }): WebhookPayload =>
  ({ type: event.type, timestamp: event.createdAt.toISOString(), data: { ...event.data, id: event.recordId, accountId: event.accountId } }) as WebhookPayload;
