import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '../../domain/webhooks.ts';
import { notifications, persons, webhookDeliveries, webhookEndpoints } from '../db/schema/index.ts';
import { createHttpsSender } from '../integrations/webhooks/https.ts';
import { defaultSenderSettings } from '../integrations/webhooks/port.ts';
import { seedId } from '../seed/seed.ts';
import { fileHarness } from '../test/harness.ts';
import { defaultDeliveryOptions, defaultRetrySchedule } from './deliver.ts';
import { webhookEventCatalogue, webhookPayloadSchemas } from './events.ts';

const h = fileHarness();

type Received = { headers: Record<string, string>; body: string };

/** A receiver on this machine: answers each request with what `answer` says (200 by default) and keeps what came. */
async function receiver(answer: (n: number) => { status: number; headers?: Record<string, string> } = () => ({ status: 200 })) {
  const received: Received[] = [];
  let connections = 0;
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      const { status, headers } = answer(received.length);
      res.writeHead(status, headers).end('ok');
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { received, port, url: `http://127.0.0.1:${port}/hooks`, connections: () => connections, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let riverside: string;
beforeAll(() => {
  riverside = h.accounts.riverside.id;
  // Development's setting (a receiver on 127.0.0.1 over http), and a schedule of retries that are due at once.
  h.deps.webhooks = { allowPrivateNetworks: true, retrySchedule: [0, 0, 0, 0], jitter: 0 };
});
afterAll(() => {
  h.deps.webhooks = undefined;
});

async function createEndpoint(url: string, events: string[]) {
  const res = await h.call('manager', `/webhooks/endpoints`, { method: 'POST', json: { url, events, description: 'Test receiver' } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as WebhookEndpointWithSecret;
}

async function createPerson(family: string) {
  const res = await h.call('manager', '/person/persons', { method: 'POST', json: { name: [{ use: 'official', family, given: ['Pat'] }] } });
  expect(res.status, await res.clone().text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const read = (await (await h.call('manager', `/person/persons/${id}`)).json()) as { version: number };
  return { id, version: read.version };
}

const turnOff = (id: string) => h.db.update(webhookEndpoints).set({ active: false }).where(and(eq(webhookEndpoints.accountId, riverside), eq(webhookEndpoints.id, id)));

describe('webhooks: signed, thin, in order', () => {
  it('a receiver gets the signed events of real changes, verified by standardwebhooks, in order, without patient values', async () => {
    const hooks = await receiver();
    try {
      const endpoint = await createEndpoint(hooks.url, ['person.created', 'person.updated', 'person.deleted']);
      expect(endpoint.secret).toMatch(/^whsec_/);
      // The secret is answered once: never by a read.
      const read = (await (await h.call('manager', `/webhooks/endpoints/${endpoint.id}`)).json()) as WebhookEndpoint;
      expect(read).not.toHaveProperty('secret');
      expect(JSON.stringify(read)).not.toContain(endpoint.secret);

      const person = await createPerson('Webhookson');
      const patched = await h.call('manager', `/person/persons/${person.id}`, { method: 'PATCH', json: { version: person.version, gender: 'F' } });
      expect(patched.status, await patched.clone().text()).toBe(200);
      // The API deletes no person; whatever does (an import, a clean-up) sends the event.
      await h.db.delete(persons).where(and(eq(persons.accountId, riverside), eq(persons.id, person.id)));
      await h.jobs.drained();

      const wh = new Webhook(endpoint.secret);
      const payloads = hooks.received.map(({ headers, body }) => wh.verify(body, headers) as { type: string; data: { id: string; accountId: string; changes?: string[] } });
      expect(payloads.map((p) => p.type)).toEqual(['person.created', 'person.updated', 'person.deleted']);
      for (const payload of payloads) {
        expect(payload.data).toMatchObject({ id: person.id, accountId: riverside });
        expect(v.safeParse(webhookPayloadSchemas[payload.type as keyof typeof webhookPayloadSchemas], payload).success).toBe(true);
      }
      expect(payloads[1]!.data.changes).toEqual(['gender']);
      // Thin: the name never travels.
      expect(hooks.received.map((r) => r.body).join('')).not.toContain('Webhookson');
      // A forged or altered body does not verify.
      const first = hooks.received[0]!;
      expect(() => wh.verify(first.body.replace('person.created', 'person.deleted'), first.headers)).toThrow();

      // The delivery log: one succeeded attempt per event.
      const log = (await (await h.call('manager', `/webhooks/endpoints/${endpoint.id}/deliveries`)).json()) as { items: WebhookDelivery[] };
      expect(log.items.map((d) => [d.type, d.status, d.log.length, d.log[0]!.statusCode])).toEqual([
        ['person.deleted', 'succeeded', 1, 200],
        ['person.updated', 'succeeded', 1, 200],
        ['person.created', 'succeeded', 1, 200],
      ]);

      // Resend one: the same webhook-id again, signed again.
      const event = log.items[2]!.eventId;
      const resend = await h.call('manager', `/webhooks/endpoints/${endpoint.id}/resend`, { method: 'POST', json: { eventId: event } });
      expect(await resend.json()).toEqual({ resent: 1 });
      await h.jobs.drained();
      expect(hooks.received).toHaveLength(4);
      expect(hooks.received[3]!.headers['webhook-id']).toBe(event);
      expect(() => wh.verify(hooks.received[3]!.body, hooks.received[3]!.headers)).not.toThrow();

      // Resend a time range: every event of it.
      const range = await h.call('manager', `/webhooks/endpoints/${endpoint.id}/resend`, {
        method: 'POST',
        json: { from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() },
      });
      expect(await range.json()).toEqual({ resent: 3 });
      await h.jobs.drained();
      expect(hooks.received).toHaveLength(7);
      await turnOff(endpoint.id);
    } finally {
      await hooks.close();
    }
  });

  it('after a rotation both secrets sign for the overlap: a receiver with either one verifies', async () => {
    const hooks = await receiver();
    try {
      const endpoint = await createEndpoint(hooks.url, ['person.created']);
      const rotated = (await (await h.call('manager', `/webhooks/endpoints/${endpoint.id}/rotate-secret`, { method: 'POST' })).json()) as WebhookEndpointWithSecret;
      expect(rotated.secret).not.toBe(endpoint.secret);
      expect(rotated.previousSecretExpiresAt).not.toBeNull();
      await createPerson('Rotated');
      await h.jobs.drained();
      expect(hooks.received).toHaveLength(1);
      const [only] = hooks.received;
      expect(only!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
      expect(() => new Webhook(endpoint.secret).verify(only!.body, only!.headers)).not.toThrow();
      expect(() => new Webhook(rotated.secret).verify(only!.body, only!.headers)).not.toThrow();
      await turnOff(endpoint.id);
    } finally {
      await hooks.close();
    }
  });

  it('a receiver that fails, then recovers, gets every event once its retries run, each record in order', async () => {
    // The first five requests fail (500, 503, a redirect…); then it answers 200.
    const failures = [500, 503, 302, 500, 502];
    const hooks = await receiver((n) => (n <= failures.length ? { status: failures[n - 1]!, headers: { location: 'https://example.com/' } } : { status: 200 }));
    // Each event may take all five failures (the two records' streams run side by side, in no set
    // order): it gets a sixth attempt, where the file's schedule gives five (one event failed for good so in CI).
    const fileOptions = h.deps.webhooks;
    h.deps.webhooks = { ...fileOptions, retrySchedule: [0, 0, 0, 0, 0] };
    try {
      const endpoint = await createEndpoint(hooks.url, ['person.created', 'person.updated']);
      const people = [await createPerson('Retry-a'), await createPerson('Retry-b')];
      for (const person of people) {
        const res = await h.call('manager', `/person/persons/${person.id}`, { method: 'PATCH', json: { version: person.version, orgRole: 'Nurse' } });
        expect(res.status).toBe(200);
      }
      await h.jobs.drained();
      const ok = hooks.received.slice(failures.length);
      const ids = new Set(ok.map((r) => r.headers['webhook-id']));
      expect(ids.size).toBe(4);
      // Per record: created before updated, even across retries.
      for (const person of people) {
        const types = ok.map((r) => JSON.parse(r.body) as { type: string; data: { id: string } }).filter((p) => p.data.id === person.id).map((p) => p.type);
        expect(types).toEqual(['person.created', 'person.updated']);
      }
      const rows = await h.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
      expect(rows.every((row) => row.status === 'succeeded')).toBe(true);
      // A retry of an event carries its webhook-id again.
      expect(new Set(hooks.received.map((r) => r.headers['webhook-id'])).size).toBe(4);
      await turnOff(endpoint.id);
    } finally {
      h.deps.webhooks = fileOptions;
      await hooks.close();
    }
  });

  it('429 waits its Retry-After; 410 turns the endpoint off and tells its administrators', async () => {
    const hooks = await receiver((n) => (n === 1 ? { status: 429, headers: { 'retry-after': '120' } } : { status: 410 }));
    try {
      const endpoint = await createEndpoint(hooks.url, ['person.created']);
      await createPerson('Throttled');
      await h.jobs.drained();
      const [waiting] = await h.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
      expect(waiting!.status).toBe('pending');
      const log = (await (await h.call('manager', `/webhooks/endpoints/${endpoint.id}/deliveries`)).json()) as { items: WebhookDelivery[] };
      const attempt = log.items[0]!.log[0]!;
      expect(attempt.statusCode).toBe(429);
      expect(new Date(log.items[0]!.nextAttemptAt!).getTime() - new Date(attempt.at).getTime()).toBeGreaterThanOrEqual(119_000);

      // Due now: the endpoint answers 410.
      await h.db.update(webhookDeliveries).set({ nextAttemptAt: new Date() }).where(eq(webhookDeliveries.endpointId, endpoint.id));
      await h.call('manager', `/webhooks/endpoints/${endpoint.id}/resend`, { method: 'POST', json: { eventId: waiting!.eventId } });
      await h.jobs.drained();
      const after = (await (await h.call('manager', `/webhooks/endpoints/${endpoint.id}`)).json()) as WebhookEndpoint;
      expect(after).toMatchObject({ active: false, disabledReason: 'The endpoint answered 410 Gone' });
      const told = await h.db.select().from(notifications).where(and(eq(notifications.accountId, riverside), eq(notifications.title, 'A webhook endpoint was turned off')));
      expect(told.map((n) => n.userId)).toContain(seedId('person:manager'));
    } finally {
      await hooks.close();
    }
  });

  it('an endpoint failing for the whole bound (five days; here none) is turned off and its administrators told', async () => {
    const hooks = await receiver(() => ({ status: 500 }));
    h.deps.webhooks = { allowPrivateNetworks: true, retrySchedule: [0, 0, 0, 0], jitter: 0, disableAfterMs: 0 };
    try {
      const endpoint = await createEndpoint(hooks.url, ['person.created']);
      await createPerson('Failing');
      await h.jobs.drained();
      const after = (await (await h.call('manager', `/webhooks/endpoints/${endpoint.id}`)).json()) as WebhookEndpoint;
      expect(after).toMatchObject({ active: false, disabledReason: 'Every delivery failed for five days' });
      expect(hooks.received).toHaveLength(1);
      const told = await h.db.select().from(notifications).where(and(eq(notifications.accountId, riverside), eq(notifications.jumpPath, `/system/webhooks/${endpoint.id}`)));
      expect(told.map((n) => n.userId)).toContain(seedId('person:manager'));
      // Its event waits; turned on again, it is sent.
      const [waiting] = await h.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
      expect(waiting!.status).toBe('pending');
    } finally {
      h.deps.webhooks = { allowPrivateNetworks: true, retrySchedule: [0, 0, 0, 0], jitter: 0 };
      await hooks.close();
    }
  });

  it('the retry schedule spans about three days', () => {
    const hours = defaultRetrySchedule.reduce((sum, ms) => sum + ms, 0) / 3_600_000;
    expect(hours).toBeGreaterThan(70);
    expect(hours).toBeLessThan(74);
    expect(defaultDeliveryOptions.disableAfterMs).toBe(5 * 24 * 3_600_000);
  });

  it('the catalogue documents every event with a schema its example passes', () => {
    expect(webhookEventCatalogue.map((e) => e.type)).toHaveLength(8);
    for (const entry of webhookEventCatalogue) {
      expect(v.safeParse(entry.schema, entry.example).success, entry.type).toBe(true);
      // As the OpenAPI document's `webhooks` section takes it.
      expect(toJsonSchema(entry.schema), entry.type).toMatchObject({ type: 'object', properties: { type: { const: entry.type } } });
    }
  });
});

describe('webhooks: safe by default', () => {
  it('refuses an address that is (or resolves to) 127.0.0.1, literal or by name, before connecting', async () => {
    const hooks = await receiver();
    try {
      const sender = createHttpsSender({ ...defaultSenderSettings, resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
      for (const url of [`https://127.0.0.1:${hooks.port}/`, `https://[::ffff:127.0.0.1]:${hooks.port}/`, `https://hooks.example.test:${hooks.port}/`]) {
        const outcome = await sender.send({ url, headers: {}, body: '{}' });
        expect(outcome, url).toMatchObject({ statusCode: null, error: 'The address is not allowed (loopback, private, link-local or metadata)' });
      }
      // The system's own lookup: localhost.
      const system = createHttpsSender(defaultSenderSettings);
      expect((await system.send({ url: `https://localhost:${hooks.port}/`, headers: {}, body: '{}' })).error).toBe('The address is not allowed (loopback, private, link-local or metadata)');
      // Plain http is refused too without the development setting.
      expect((await system.send({ url: hooks.url, headers: {}, body: '{}' })).error).toBe('The URL must be https');
      expect(hooks.connections()).toBe(0);
    } finally {
      await hooks.close();
    }
  });

  it('an attempt is bounded: no answer within the time is a failure; a large answer is read only in part', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    let left = 64;
    let closed!: () => void;
    const answerClosed = new Promise<void>((resolve) => (closed = resolve));
    const big = createServer((_req, res) => {
      res.writeHead(200);
      res.on('close', () => closed());
      // 4 MB, more than is ever read.
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const write = () => {
        while (left > 0 && res.write(chunk)) left--;
        if (left > 0) res.once('drain', write);
        else res.end();
      };
      write();
    });
    await new Promise<void>((resolve) => big.listen(0, '127.0.0.1', resolve));
    try {
      const sender = createHttpsSender({ ...defaultSenderSettings, allowPrivateNetworks: true, timeoutMs: 300 });
      const late = await sender.send({ url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`, headers: {}, body: '{}' });
      expect(late).toMatchObject({ statusCode: null, error: 'No answer within 0.3 s' });
      const large = await createHttpsSender({ ...defaultSenderSettings, allowPrivateNetworks: true }).send({ url: `http://127.0.0.1:${(big.address() as AddressInfo).port}/`, headers: {}, body: '{}' });
      expect(large).toMatchObject({ statusCode: 200, error: null });
      // The connection was dropped with most of the answer unsent.
      await answerClosed;
      expect(left).toBeGreaterThan(0);
    } finally {
      silent.closeAllConnections();
      big.closeAllConnections();
      await Promise.all([new Promise((resolve) => silent.close(resolve)), new Promise((resolve) => big.close(resolve))]);
    }
  });

  it('without the development setting, an http URL is refused with the field named, and an https one resolving to 127.0.0.1 logs a refused attempt', async () => {
    h.deps.webhooks = { retrySchedule: [], jitter: 0 };
    try {
      const http = await h.call('manager', '/webhooks/endpoints', { method: 'POST', json: { url: 'http://hooks.example.com/x', events: ['person.created'] } });
      expect(http.status).toBe(400);
      expect(((await http.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ url: 'URL must be an HTTPS address (https://…)' });
      const endpoint = await createEndpoint('https://localhost:9/hooks', ['person.created']);
      await createPerson('Refused');
      await h.jobs.drained();
      const log = (await (await h.call('manager', `/webhooks/endpoints/${endpoint.id}/deliveries`)).json()) as { items: WebhookDelivery[] };
      expect(log.items[0]).toMatchObject({ status: 'failed', log: [{ statusCode: null, error: 'The address is not allowed (loopback, private, link-local or metadata)' }] });
      await turnOff(endpoint.id);
    } finally {
      h.deps.webhooks = { allowPrivateNetworks: true, retrySchedule: [0, 0, 0, 0], jitter: 0 };
    }
  });

  it('Read Only reads endpoints but may not create one', async () => {
    expect((await h.call('viewer', '/webhooks/endpoints')).status).toBe(200);
    expect((await h.call('viewer', '/webhooks/endpoints', { method: 'POST', json: { url: 'https://hooks.example.com/x', events: ['person.created'] } })).status).toBe(403);
  });
});
