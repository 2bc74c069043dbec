import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { webhookEventTypes, type WebhookEndpointWithSecret } from '../../domain/webhooks.ts';
import { createApi } from '../app.ts';
import { accounts, persons, surveyResponses, webhookEndpoints, webhookEvents } from '../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { newWebhookSecret } from './signing.ts';
import type { WebhookRequest } from '../integrations/webhooks/port.ts';
import { seedId } from '../seed/seed.ts';
import { fileHarness } from '../test/harness.ts';
import { webhookPayloadSchemas, type WebhookPayload } from './events.ts';

/**
 * Every event of the catalogue, made by a real change (a request, the chat widget, a write of
 * another path), reaches an endpoint that asks for it, in its documented shape. The sender is
 * the test's own (no network): what a receiver would be sent.
 */
const h = fileHarness();
const sent: WebhookRequest[] = [];
let riverside: string;
let endpoint: WebhookEndpointWithSecret;

beforeAll(async () => {
  riverside = h.accounts.riverside.id;
  h.deps.webhooks = { sender: { send: async (request) => (sent.push(request), { statusCode: 204, durationMs: 1, error: null, retryAfterMs: null }) } };
  const res = await h.call('manager', '/webhooks/endpoints', { method: 'POST', json: { url: 'https://hooks.example.com/all', events: [...webhookEventTypes] } });
  expect(res.status).toBe(201);
  endpoint = (await res.json()) as WebhookEndpointWithSecret;
});

const payloads = () => sent.map((request) => JSON.parse(request.body) as WebhookPayload);
const ofType = (type: string) => payloads().filter((p) => p.type === type);

describe('webhook events, one per kind of change', () => {
  it('interaction ended, comment added', async () => {
    const created = await h.call('manager', '/interactions/interactions', { method: 'POST', json: { startTimestamp: '2026-12-01T10:00:00Z', endTimestamp: '2026-12-01T10:05:00Z' } });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const comment = await h.call('manager', `/interactions/interactions/${id}/comments`, { method: 'POST', json: { body: { content: 'Called back, all good.' } } });
    expect(comment.status, await comment.clone().text()).toBe(201);
    await h.jobs.drained();
    expect(ofType('interaction.ended').map((p) => p.data)).toEqual([expect.objectContaining({ id, accountId: riverside, interactionType: 'call' })]);
    expect(ofType('interaction.comment_added').map((p) => p.data)).toEqual([expect.objectContaining({ interactionId: id })]);
    expect(JSON.stringify(payloads())).not.toContain('Called back');
  });

  it('chat message received (the visitor’s, not the staff’s)', async () => {
    const settings = await h.call('manager', '/chat/settings', { method: 'PATCH', json: { enabled: true, sites: ['https://riverside-clinic.example'] } });
    expect(settings.status).toBe(200);
    const { widgetId } = (await settings.json()) as { widgetId: string };
    const api = createApi({ ...h.deps, trustProxyHops: 1 });
    const started = await api.request(`/chat/public/widgets/${widgetId}/conversations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.7' },
      body: JSON.stringify({ text: 'Can I move my appointment?', name: 'Ana' }),
    });
    expect(started.status, await started.clone().text()).toBe(201);
    await h.jobs.drained();
    const [message] = ofType('chat.message_received');
    expect(message?.data).toMatchObject({ accountId: riverside, seq: 1 });
    expect(JSON.stringify(payloads())).not.toContain('appointment');
  });

  it('survey answered', async () => {
    // As the public survey writes it (its route is the survey tests'): the trigger is on the table.
    const [row] = await h.db
      .insert(surveyResponses)
      .values({ accountId: riverside, campaignId: seedId('campaign:riverside:0'), answers: [] })
      .returning({ id: surveyResponses.id });
    await h.jobs.drained();
    expect(ofType('survey.answered').map((p) => p.data.id)).toEqual([row!.id]);
  });

  it('workflow item finished, with its status', async () => {
    const workflow = await h.call('manager', '/task-workflows/workflows', { method: 'POST', json: { title: 'Hooks', description: 'A workflow', status: 'MANUAL', tasks: [{ name: 'outboundCall' }] } });
    expect(workflow.status, await workflow.clone().text()).toBe(201);
    const { id: workflowId } = (await workflow.json()) as { id: string };
    const item = await h.call('manager', `/task-workflows/workflows/${workflowId}/items`, { method: 'POST', json: { generalInfo: { patientName: 'Ann Hook', phone: '(503) 555-0142' } } });
    expect(item.status, await item.clone().text()).toBe(201);
    const { id: itemId } = (await item.json()) as { id: string };
    const aborted = await h.call('manager', `/task-workflows/items/${itemId}/abort`, { method: 'POST' });
    expect(aborted.status, await aborted.clone().text()).toBe(200);
    await h.jobs.drained();
    expect(ofType('workflow_item.finished').map((p) => p.data)).toEqual([expect.objectContaining({ id: itemId, workflowId, status: 'ABORTED' })]);
    expect(JSON.stringify(payloads())).not.toContain('Ann Hook');
  });

  it('every body is its event’s documented shape, and an unsubscribed type is not sent', async () => {
    for (const payload of payloads()) expect(v.safeParse(webhookPayloadSchemas[payload.type], payload).success, payload.type).toBe(true);
    const narrowed = await h.call('manager', `/webhooks/endpoints/${endpoint.id}`, { method: 'PATCH', json: { events: ['person.created'] } });
    expect(narrowed.status).toBe(200);
    const before = sent.length;
    await h.call('manager', '/interactions/interactions', { method: 'POST', json: { startTimestamp: '2026-12-01T10:00:00Z', endTimestamp: '2026-12-01T10:05:00Z' } });
    await h.jobs.drained();
    expect(sent.length).toBe(before);
  });

  it('deleting an account with an endpoint deletes its persons without an event (nothing left to send it to)', async () => {
    const id = '88888888-8888-4888-8888-888888888888';
    await h.db.insert(accounts).values({ id, name: 'Closing practice', createdBy: 'test', modifiedBy: 'test' });
    await h.db.insert(webhookEndpoints).values({ accountId: id, url: 'https://hooks.example.com/closing', events: ['person.created', 'person.deleted'], secret: newWebhookSecret(), createdBy: 'test', modifiedBy: 'test' });
    await h.db.insert(persons).values({ accountId: id, name: [{ use: 'official', text: 'Pat Gone', family: 'Gone', given: ['Pat'], prefix: [], suffix: [] }] as (typeof persons.$inferInsert)['name'], displayName: 'Pat Gone', createdBy: 'test', modifiedBy: 'test' });
    expect(await h.db.select().from(webhookEvents).where(eq(webhookEvents.accountId, id))).toHaveLength(1);
    await h.db.delete(accounts).where(eq(accounts.id, id));
    expect(await h.db.select().from(webhookEvents).where(eq(webhookEvents.accountId, id))).toHaveLength(0);
    await h.jobs.drained();
  });
});
