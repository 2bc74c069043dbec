/**
 * Webhook delivery (issue 44; architecture "Jobs", "Nothing sent twice"). The outbox triggers
 * (migration 0048) write one delivery per event and endpoint, keyed by both, and add the job of
 * its stream: one stream per endpoint and record, so a record's events reach an endpoint in the
 * order they happened (the next one waits until the one before succeeded or gave up). The job
 * only says "look at this stream now": what it does is decided from the rows, so a job run twice,
 * late, or again after its process was killed does nothing wrong.
 *
 * At least once: an attempt is made under a lease on its delivery (another job leaves it alone
 * until the lease ends; a killed process's lease runs out and the attempt is made again, with the
 * same `webhook-id`, for the receiver to drop), then its outcome is written with the attempt's
 * log row. A delivery succeeds on a 2xx; anything else is retried on the schedule below, with
 * jitter, for about three days, then given up. 410 turns the endpoint off; 429 and 503 wait their
 * `Retry-After`; an endpoint failing for five days is turned off, and its administrators told.
 */
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { systemActors } from '../../domain/actors.ts';
import type { Db, Tx } from '../db/client.ts';
import { auditedWrite, type WriteScope } from '../db/write.ts';
import { roles, users, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/schema/index.ts';
import type { Deps } from '../env.ts';
import { createWebhookSender } from '../integrations/webhooks/index.ts';
import { defaultSenderSettings, type WebhookOutcome, type WebhookSender } from '../integrations/webhooks/port.ts';
import { notify } from '../notifications/notify.ts';
import { payloadOf } from './events.ts';
import { signedHeaders } from './signing.ts';

export const DELIVER_TASK = 'webhooks.deliver';

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

/**
 * The waits after each failed attempt: 10 attempts over about 72 hours (5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 14 h, 20 h, 20 h: 71.6 h before jitter), as long as Stripe's three days and longer
 * than Svix's 27 hours.
 */
export const defaultRetrySchedule: readonly number[] = [5 * second, 5 * minute, 30 * minute, 2 * hour, 5 * hour, 10 * hour, 14 * hour, 20 * hour, 20 * hour];

export type DeliveryOptions = {
  /** The wait after each failed attempt (its length + 1 attempts in all). Tests shorten it. */
  retrySchedule: readonly number[];
  /** Each wait is moved by up to this fraction either way, so endpoints that failed together do not all come back together. */
  jitter: number;
  /** An endpoint failing this long without a success is turned off. */
  disableAfterMs: number;
  /** How long an attempt holds its delivery (longer than an attempt may take). */
  leaseMs: number;
  /** The longest `Retry-After` honoured (a larger one waits this long). */
  maxRetryAfterMs: number;
  /** Development: deliver to private networks and http:// too (WEBHOOKS_ALLOW_PRIVATE_NETWORKS). */
  allowPrivateNetworks: boolean;
  /** The outside call (absent: the network's, server/integrations/webhooks). */
  sender?: WebhookSender;
};

export const defaultDeliveryOptions: DeliveryOptions = {
  retrySchedule: defaultRetrySchedule,
  jitter: 0.1,
  disableAfterMs: 5 * 24 * hour,
  leaseMs: defaultSenderSettings.timeoutMs + 15 * second,
  maxRetryAfterMs: 24 * hour,
  allowPrivateNetworks: false,
};

export const deliveryOptions = (deps: Pick<Deps, 'webhooks'>): DeliveryOptions => ({ ...defaultDeliveryOptions, ...deps.webhooks });

export type Stream = { accountId: string; endpointId: string; recordId: string };

export const streamJobKey = (stream: Stream) => `webhook:${stream.endpointId}:${stream.recordId}`;

/**
 * Adds (or moves) a stream's job, in the caller's transaction. `keep` leaves a waiting job's time as
 * it is: for a run that found another run holding the head, whose own next job (added when it
 * ends) must not be moved later by this one.
 */
export async function enqueueStream(tx: Db | Tx, stream: Stream, runAt: Date = new Date(), { keep = false } = {}): Promise<void> {
  const payload = JSON.stringify({ accountId: stream.accountId, endpointId: stream.endpointId, recordId: stream.recordId });
  const mode = keep ? 'preserve_run_at' : 'replace';
  await tx.execute(
    sql`select graphile_worker.add_job(${DELIVER_TASK}, ${payload}::json, run_at => ${runAt.toISOString()}::timestamptz, max_attempts => 25, job_key => ${streamJobKey(stream)}, job_key_mode => ${mode})`,
  );
}

const jittered = (ms: number, jitter: number) => Math.max(0, Math.round(ms * (1 + jitter * (2 * Math.random() - 1))));

export const isStream = (payload: unknown): payload is Stream =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as Stream).accountId === 'string' &&
  typeof (payload as Stream).endpointId === 'string' &&
  typeof (payload as Stream).recordId === 'string';

/** At most this many deliveries per run: a long backlog continues in the next job rather than holding a worker. */
const PER_RUN = 50;

/** Works through one stream's pending deliveries, oldest first, until one must wait. */
export async function deliverStream(deps: Pick<Deps, 'db' | 'webhooks'>, stream: Stream, options = deliveryOptions(deps)): Promise<void> {
  const { db } = deps;
  const sender = options.sender ?? createWebhookSender({ ...defaultSenderSettings, allowPrivateNetworks: options.allowPrivateNetworks });
  for (let n = 0; n < PER_RUN; n++) {
    const [head] = await db
      .select({ delivery: webhookDeliveries, event: webhookEvents })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, and(eq(webhookEvents.accountId, webhookDeliveries.accountId), eq(webhookEvents.id, webhookDeliveries.eventId)))
      .where(
        and(
          eq(webhookDeliveries.accountId, stream.accountId),
          eq(webhookDeliveries.endpointId, stream.endpointId),
          eq(webhookDeliveries.recordId, stream.recordId),
          eq(webhookDeliveries.status, 'pending'),
        ),
      )
      .orderBy(asc(webhookDeliveries.seq))
      .limit(1);
    if (!head) return;
    const [endpoint] = await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.accountId, stream.accountId), eq(webhookEndpoints.id, stream.endpointId)));
    // Turned off: its deliveries wait; turning it on again queues them (routes/webhooks).
    if (!endpoint?.active) return;
    const now = new Date();
    if (head.delivery.nextAttemptAt > now) return enqueueStream(db, stream, head.delivery.nextAttemptAt);
    const key = and(eq(webhookDeliveries.accountId, stream.accountId), eq(webhookDeliveries.eventId, head.event.id), eq(webhookDeliveries.endpointId, stream.endpointId));
    const [leased] = await db
      .update(webhookDeliveries)
      .set({ leasedUntil: new Date(now.getTime() + options.leaseMs) })
      .where(and(key, eq(webhookDeliveries.status, 'pending'), or(isNull(webhookDeliveries.leasedUntil), lt(webhookDeliveries.leasedUntil, now))))
      .returning({ attempts: webhookDeliveries.attempts });
    // Another run holds it (or held it and was killed): look again when its lease ends, unless a job
    // is already waiting (the other run, done meanwhile, added it for sooner).
    if (!leased) return enqueueStream(db, stream, new Date(Math.max(now.getTime(), head.delivery.leasedUntil?.getTime() ?? now.getTime()) + 100), { keep: true });

    const body = JSON.stringify(payloadOf(head.event));
    const secrets = [endpoint.secret];
    if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) secrets.push(endpoint.previousSecret);
    const outcome = await sender.send({ url: endpoint.url, headers: signedHeaders(secrets, head.event.id, now, body), body });
    const next = await settle(db, stream, head.event.id, leased.attempts + 1, outcome, options);
    if (next === 'stop') return;
    if (next instanceof Date) return enqueueStream(db, stream, next);
  }
  await enqueueStream(db, stream);
}

const reasons = {
  gone: 'The endpoint answered 410 Gone',
  failing: 'Every delivery failed for five days',
};

/**
 * Writes an attempt's outcome: its log row, the delivery's state, the endpoint's. Answers what the
 * stream does next: 'next' (the following delivery), a time to look again, or 'stop'.
 */
async function settle(db: Db, stream: Stream, eventId: string, attempts: number, outcome: WebhookOutcome, options: DeliveryOptions): Promise<'next' | 'stop' | Date> {
  // As the Webhooks actor (domain/actors.ts): turning an endpoint off is in the System log under that name.
  return auditedWrite(db, { accountId: stream.accountId, actor: systemActors.webhooks }, async ({ tx, audit }) => {
    const now = new Date();
    const key = and(eq(webhookDeliveries.accountId, stream.accountId), eq(webhookDeliveries.eventId, eventId), eq(webhookDeliveries.endpointId, stream.endpointId));
    const endpointKey = and(eq(webhookEndpoints.accountId, stream.accountId), eq(webhookEndpoints.id, stream.endpointId));
    // Deleted meanwhile (the endpoint, or its account): nothing to record. Locked, so it stays until this is written.
    const [still] = await tx.select({ status: webhookDeliveries.status }).from(webhookDeliveries).where(key).for('update');
    if (!still) return 'stop';
    await tx.insert(webhookAttempts).values({
      accountId: stream.accountId,
      endpointId: stream.endpointId,
      eventId,
      at: now,
      statusCode: outcome.statusCode,
      durationMs: outcome.durationMs,
      error: outcome.error,
    });
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    if (ok) {
      await tx.update(webhookDeliveries).set({ status: 'succeeded', attempts, leasedUntil: null }).where(key);
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(and(endpointKey, sql`${webhookEndpoints.failingSince} is not null`));
      return 'next';
    }
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
      .where(endpointKey)
      .returning({ failingSince: webhookEndpoints.failingSince, url: webhookEndpoints.url });
    const gone = outcome.statusCode === 410;
    const failingTooLong = endpoint?.failingSince != null && now.getTime() - endpoint.failingSince.getTime() >= options.disableAfterMs;
    if (gone || failingTooLong) {
      // This delivery waits with the others for the endpoint to be turned on again (its attempt counted).
      await tx.update(webhookDeliveries).set({ attempts, leasedUntil: null, nextAttemptAt: now }).where(key);
      await turnOff(tx, audit, stream.accountId, stream.endpointId, gone ? reasons.gone : reasons.failing, endpoint?.url ?? '');
      return 'stop';
    }
    if (attempts > options.retrySchedule.length) {
      await tx.update(webhookDeliveries).set({ status: 'failed', attempts, leasedUntil: null }).where(key);
      return 'next';
    }
    const scheduled = jittered(options.retrySchedule[attempts - 1]!, options.jitter);
    const wait = outcome.retryAfterMs !== null ? Math.max(scheduled, Math.min(outcome.retryAfterMs, options.maxRetryAfterMs)) : scheduled;
    const at = new Date(now.getTime() + wait);
    await tx.update(webhookDeliveries).set({ attempts, leasedUntil: null, nextAttemptAt: at }).where(key);
    return at;
  });
}

/** Turns an endpoint off (the platform's decision, with its reason), audited as the Webhooks actor, and tells the account's administrators. */
async function turnOff(tx: Tx, audit: WriteScope['audit'], accountId: string, endpointId: string, reason: string, url: string) {
  const [before] = await tx.select({ active: webhookEndpoints.active }).from(webhookEndpoints).where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, endpointId)));
  if (!before?.active) return;
  await tx
    .update(webhookEndpoints)
    .set({ active: false, disabledReason: reason, modifiedBy: systemActors.webhooks.name, modifiedTimestamp: new Date(), version: sql`${webhookEndpoints.version} + 1` })
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, endpointId)));
  await audit({ action: 'update', resourceType: 'WebhookEndpoint', resourceId: endpointId, before: { active: true }, after: { active: false, disabledReason: reason } });
  const admins = await tx
    .select({ id: users.personId })
    .from(users)
    .innerJoin(roles, and(eq(roles.id, users.roleId), eq(roles.accountId, users.accountId)))
    .where(and(eq(users.accountId, accountId), eq(users.active, true), sql`${roles.resources} -> '/webhooks' ->> 'PATCH' = 'true'`));
  await notify(tx, {
    accountId,
    userIds: admins.map((admin) => admin.id),
    title: 'A webhook endpoint was turned off',
    message: `${url}: ${reason}. Its events wait until it is turned on again.`,
    jumpPath: `/system/webhooks/${endpointId}`,
  });
}
