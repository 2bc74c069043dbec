import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { messages } from '../../../domain/messages.ts';
import {
  webhookEndpointCreateSchema,
  webhookEndpointPatchSchema,
  webhookResendSchema,
  webhookSecretOverlapMs,
  webhookUrlProblem,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEndpointWithSecret,
  type WebhookResent,
} from '../../../domain/webhooks.ts';
import { requires } from '../../auth/requires.ts';
import type { Db, Tx } from '../../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index.ts';
import type { AppEnv, Deps } from '../../env.ts';
import { badRequest } from '../../errors.ts';
import { presentCommon } from '../../list-queries.ts';
import { editable, found, idParam, jsonLimit, sent, updateVersioned } from '../../records.ts';
import { json, query } from '../../validate.ts';
import { deliveryOptions, enqueueStream } from '../../webhooks/deliver.ts';
import { newWebhookSecret, secretHint } from '../../webhooks/signing.ts';
import { write } from '../../write.ts';

type Row = typeof webhookEndpoints.$inferSelect;

/** An endpoint as answered: never its secret (the create and rotate answers carry it, once). */
export const presentEndpoint = (row: Row): WebhookEndpoint => ({
  resourceType: 'WebhookEndpoint',
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  active: row.active,
  disabledReason: row.disabledReason,
  failingSince: row.failingSince?.toISOString() ?? null,
  secretHint: secretHint(row.secret),
  previousSecretExpiresAt: row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date() ? row.previousSecretExpiresAt.toISOString() : null,
  ...presentCommon(row),
});

/** What the audit log keeps of an endpoint: never a secret. */
const audited = (row: Row) => ({ url: row.url, description: row.description, events: row.events, active: row.active, disabledReason: row.disabledReason });

async function findEndpoint(db: Db | Tx, accountId: string, id: string, lock = false) {
  const select = db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id)));
  const [row] = lock ? await select.for('update') : await select;
  return row ?? null;
}

/** http:// and private addresses are for development only (WEBHOOKS_ALLOW_PRIVATE_NETWORKS): the URL is checked again here. */
function assertUrl(deps: Deps, url: string | undefined) {
  if (url === undefined) return;
  const problem = webhookUrlProblem(url, deliveryOptions(deps).allowPrivateNetworks);
  if (problem) throw badRequest(messages.invalidRequest, { url: problem });
}

/** Queues every stream of an endpoint that has deliveries waiting (turned on again, or resent). */
async function queuePending(tx: Tx, accountId: string, endpointId: string) {
  const streams = await tx
    .selectDistinct({ recordId: webhookDeliveries.recordId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
  for (const { recordId } of streams) await enqueueStream(tx, { accountId, endpointId, recordId });
  return streams.length;
}

const deliveriesQuerySchema = v.object({
  limit: v.optional(v.pipe(v.string(), v.transform(Number), v.integer('Limit must be a whole number from 1 to 100'), v.minValue(1, 'Limit must be a whole number from 1 to 100'), v.maxValue(100, 'Limit must be a whole number from 1 to 100')), '50'),
});

/** At most this many resent at once (a time range): more is a narrower range. */
const RESEND_MAX = 5_000;

/**
 * Webhook endpoints (issue 44): an account's administrators register where its events go, read
 * each endpoint's delivery log, rotate its secret and resend events. Behind the catalogue
 * resource `/webhooks`.
 */
export const webhookRoutes = new Hono<AppEnv>()
  .get('/endpoints', requires('/webhooks', 'GET'), async (c) => {
    const rows = await c.var.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, c.var.account.id)).orderBy(asc(webhookEndpoints.url), asc(webhookEndpoints.id));
    return c.json({ items: rows.map(presentEndpoint) } satisfies WebhookEndpointList);
  })
  .post('/endpoints', requires('/webhooks', 'POST'), jsonLimit, json(webhookEndpointCreateSchema(true)), async (c) => {
    const body = c.req.valid('json');
    assertUrl(c.var.deps, body.url);
    const created = await write(c, async ({ tx, audit, accountId, actorName }) => {
      const secret = newWebhookSecret();
      const [row] = await tx.insert(webhookEndpoints).values({ ...body, secret, accountId, createdBy: actorName, modifiedBy: actorName }).returning();
      await audit({ action: 'create', resourceType: 'WebhookEndpoint', resourceId: row!.id, after: audited(row!) });
      return { ...presentEndpoint(row!), secret } satisfies WebhookEndpointWithSecret;
    });
    return c.json(created, 201);
  })
  .get('/endpoints/:id', requires('/webhooks', 'GET'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    return c.json(presentEndpoint(found(await findEndpoint(c.var.deps.db, c.var.account.id, id))));
  })
  .patch('/endpoints/:id', requires('/webhooks', 'PATCH'), idParam(), jsonLimit, json(webhookEndpointPatchSchema(true)), async (c) => {
    const { id } = c.req.valid('param');
    const { version, ...body } = c.req.valid('json');
    assertUrl(c.var.deps, body.url);
    const changes = sent(body);
    const updated = await write(c, async ({ tx, audit, accountId, actorName, repeats }) => {
      const current = found(await findEndpoint(tx, accountId, id, true));
      const edited = version ?? current.version;
      if (await repeats({ resourceType: 'WebhookEndpoint', resourceId: id, record: current, version: edited, changes })) return current;
      editable(current, edited);
      const turnedOn = changes.active === true && !current.active;
      // Turned on again: the platform's reason goes, and the failing streak starts over.
      const after = await updateVersioned({ tx, accountId, actorName }, webhookEndpoints, { key: webhookEndpoints.id, id, version: edited }, {
        ...changes,
        ...(turnedOn && { disabledReason: null, failingSince: null }),
      });
      if (turnedOn) await queuePending(tx, accountId, id);
      await audit({ action: 'update', resourceType: 'WebhookEndpoint', resourceId: id, before: audited(current), after: audited(after) });
      return after;
    });
    return c.json(presentEndpoint(updated));
  })
  .delete('/endpoints/:id', requires('/webhooks', 'DELETE'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    await write(c, async ({ tx, audit, accountId }) => {
      const current = found(await findEndpoint(tx, accountId, id, true));
      // Its deliveries and their log go with it (their jobs find nothing and end).
      await tx.delete(webhookEndpoints).where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id)));
      await audit({ action: 'delete', resourceType: 'WebhookEndpoint', resourceId: id, before: audited(current) });
    });
    return c.body(null, 204);
  })
  // A new secret, answered once; the previous one keeps signing beside it for a day (both signatures sent).
  .post('/endpoints/:id/rotate-secret', requires('/webhooks', 'PATCH'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    const rotated = await write(c, async ({ tx, audit, accountId, actorName }) => {
      const current = found(await findEndpoint(tx, accountId, id, true));
      const secret = newWebhookSecret();
      const after = await updateVersioned({ tx, accountId, actorName }, webhookEndpoints, { key: webhookEndpoints.id, id, version: current.version }, {
        secret,
        previousSecret: current.secret,
        previousSecretExpiresAt: new Date(Date.now() + webhookSecretOverlapMs),
      });
      await audit({ action: 'update', resourceType: 'WebhookEndpoint', resourceId: id, before: { secretHint: secretHint(current.secret) }, after: { secretHint: secretHint(secret) } });
      return { ...presentEndpoint(after), secret } satisfies WebhookEndpointWithSecret;
    });
    return c.json(rotated);
  })
  // The delivery log: the latest events sent to the endpoint, each with its attempts.
  .get('/endpoints/:id/deliveries', requires('/webhooks', 'GET'), idParam(), query(deliveriesQuerySchema), async (c) => {
    const { id } = c.req.valid('param');
    const { limit } = c.req.valid('query');
    const db = c.var.deps.db;
    const accountId = c.var.account.id;
    found(await findEndpoint(db, accountId, id));
    const rows = await db
      .select({ delivery: webhookDeliveries, type: webhookEvents.type, createdAt: webhookEvents.createdAt })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, and(eq(webhookEvents.accountId, webhookDeliveries.accountId), eq(webhookEvents.id, webhookDeliveries.eventId)))
      .where(and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.endpointId, id)))
      .orderBy(desc(webhookDeliveries.seq))
      .limit(limit);
    const attempts =
      rows.length === 0
        ? []
        : await db
            .select()
            .from(webhookAttempts)
            .where(and(eq(webhookAttempts.accountId, accountId), eq(webhookAttempts.endpointId, id), inArray(webhookAttempts.eventId, rows.map((row) => row.delivery.eventId))))
            .orderBy(desc(webhookAttempts.at));
    const items: WebhookDelivery[] = rows.map(({ delivery, type, createdAt }) => ({
      eventId: delivery.eventId,
      type,
      recordId: delivery.recordId,
      createdAt: createdAt.toISOString(),
      status: delivery.status,
      attempts: delivery.attempts,
      nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
      log: attempts
        .filter((attempt) => attempt.eventId === delivery.eventId)
        .map((attempt) => ({ at: attempt.at.toISOString(), statusCode: attempt.statusCode, durationMs: attempt.durationMs, error: attempt.error })),
    }));
    return c.json({ items } satisfies WebhookDeliveryList);
  })
  // Sends again one event, or every event of a time range, that was meant for this endpoint: same webhook-id, a new round of attempts.
  .post('/endpoints/:id/resend', requires('/webhooks', 'POST'), idParam(), jsonLimit, json(webhookResendSchema), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const resent = await write(c, async ({ tx, audit, accountId }) => {
      found(await findEndpoint(tx, accountId, id, true));
      const which =
        body.eventId !== undefined
          ? eq(webhookDeliveries.eventId, body.eventId)
          : and(gte(webhookDeliveries.createdAt, new Date(body.from!)), lt(webhookDeliveries.createdAt, new Date(body.to!)));
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.endpointId, id), which));
      if (n > RESEND_MAX) throw badRequest(messages.invalidRequest, { from: `At most ${RESEND_MAX.toLocaleString('en-US')} events at once: choose a shorter time range` });
      if (body.eventId !== undefined && n === 0) throw badRequest(messages.invalidRequest, { eventId: 'No such event was sent to this endpoint' });
      const rows = await tx
        .update(webhookDeliveries)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, leasedUntil: null })
        .where(and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.endpointId, id), which))
        .returning({ eventId: webhookDeliveries.eventId });
      await queuePending(tx, accountId, id);
      await audit({ action: 'resend', resourceType: 'WebhookEndpoint', resourceId: id, after: { ...body, events: rows.length } });
      return rows.length;
    });
    return c.json({ resent } satisfies WebhookResent);
  });

