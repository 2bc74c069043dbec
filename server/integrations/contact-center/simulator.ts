import { createHash } from 'node:crypto';
import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { simContactCenterContacts, simContactCenterInstances, simContactCenterQueues } from '../simulators/schema.ts';
import { wavContentType, wavRecording } from '../simulators/audio.ts';
import { contactAt } from '../simulators/contact-center-calls.ts';
import { ContactCenterError, type ContactCenter, type ContactCenterAccount, type ContactCenterContact, type ContactCenterQueue, type QueueRealtimeMetrics } from './port.ts';

/** Every Amazon Connect instance has this queue from its creation. */
export const basicQueue = 'BasicQueue';
/** Queues an instance may start with: each account gets five of them, picked by its id. */
export const coreQueueNames = ['Main Line', 'Scheduling', 'Billing', 'Nurse Triage', 'Pharmacy Refills', 'After Hours', 'Referrals'] as const;
/** Queues the simulated call center adds over time (one per listing after the first), in this order. */
export const laterQueueNames = ['Spanish Line', 'Lab Results', 'Medical Records', 'Insurance Verification', 'Callbacks', 'Flu Clinic', 'Telehealth', 'New Patients'] as const;
/** How many added queues the instance keeps: past this, each listing also removes the oldest added one. */
export const keptLaterQueues = 2;

const digest = (text: string) => createHash('sha256').update(`astera-contact-center:${text}`).digest('hex');
/** A UUID derived from `text`, as Connect's queue and instance ids look. */
const uuidOf = (text: string) => {
  const hex = digest(text);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
};
const regions = ['us-east-1', 'us-west-2'] as const;

/** The five starting queues of an account, picked from its id (so every fresh database has the same). */
export function coreQueuesOf(accountId: string): string[] {
  return [...coreQueueNames].sort((a, b) => digest(`${accountId}:${a}`).localeCompare(digest(`${accountId}:${b}`))).slice(0, 5);
}

/**
 * The embedded contact center: one Amazon-Connect-like instance per account, kept in PostgreSQL
 * (`sim_contact_center_…`) so it survives restarts and is shared by every server process. An
 * instance starts with BasicQueue and five queues picked from the account id. Time passes one
 * step per listing: every listing after the first adds the next queue of `laterQueueNames`, and
 * once more than `keptLaterQueues` added queues are present it removes the oldest of them — so a
 * refresh always has a change to show, and the starting queues (with the settings the portal
 * keeps for them) stay. The instance's ids are the account's awsConnect settings where given,
 * else derived from the account id; ARNs have Connect's layout.
 */
export function createSimulatedContactCenter(db: Db | Tx, options: { now?: () => number } = {}): ContactCenter {
  const now = options.now ?? Date.now;
  return {
    kind: 'simulator',
    async contactsChanged(account, window) {
      const until = Math.min(window.until.getTime(), now());
      // Anything that happened in the window: started by its end, not yet over at its start.
      const rows = await db
        .select({ plan: simContactCenterContacts.plan })
        .from(simContactCenterContacts)
        .where(and(eq(simContactCenterContacts.accountId, account.id), lte(simContactCenterContacts.startedAt, new Date(until)), gte(simContactCenterContacts.endedAt, window.since)))
        .orderBy(asc(simContactCenterContacts.startedAt), asc(simContactCenterContacts.contactId));
      return rows.map((row) => contactAt(row.plan as ContactCenterContact, until));
    },
    async realtimeMetrics(account, queueIds) {
      const at = now();
      const queues = (await db.select().from(simContactCenterQueues).where(and(eq(simContactCenterQueues.accountId, account.id), isNull(simContactCenterQueues.removedAt))).orderBy(asc(simContactCenterQueues.name))).filter(
        (q) => queueIds.length === 0 || queueIds.includes(q.queueId),
      );
      // The calls going on now: started, not over.
      const rows = await db
        .select({ plan: simContactCenterContacts.plan })
        .from(simContactCenterContacts)
        .where(and(eq(simContactCenterContacts.accountId, account.id), lte(simContactCenterContacts.startedAt, new Date(at)), gte(simContactCenterContacts.endedAt, new Date(at))));
      // Every agent of the simulated instance staffs every queue; the account's users are its agents.
      const agentRows = await db.execute<{ n: number }>(sql`select count(*)::int as n from users where account_id = ${account.id} and active`);
      const agents = agentRows.rows[0]?.n ?? 0;
      const waiting = new Map<string, number[]>();
      const onCall = new Map<string, Set<string>>();
      const busy = new Set<string>();
      for (const { plan } of rows) {
        for (const leg of (plan as ContactCenterContact).legs) {
          const enqueued = leg.enqueuedTimestamp ? Date.parse(leg.enqueuedTimestamp) : null;
          const connected = leg.connectedToAgentTimestamp ? Date.parse(leg.connectedToAgentTimestamp) : null;
          const end = leg.endTimestamp ? Date.parse(leg.endTimestamp) : Infinity;
          if (!leg.queue) continue;
          if (enqueued !== null && enqueued <= at && (connected === null ? end > at : connected > at)) {
            waiting.set(leg.queue.queueId, [...(waiting.get(leg.queue.queueId) ?? []), enqueued]);
          }
          if (connected !== null && leg.agent && connected <= at && end > at) {
            onCall.set(leg.queue.queueId, (onCall.get(leg.queue.queueId) ?? new Set()).add(leg.agent.agentId));
            busy.add(leg.agent.agentId);
          }
        }
      }
      return queues.map(
        (q): QueueRealtimeMetrics => ({
          queueId: q.queueId,
          queueName: q.name,
          callsWaiting: waiting.get(q.queueId)?.length ?? 0,
          agentsOnCall: onCall.get(q.queueId)?.size ?? 0,
          agentsAvailable: Math.max(0, agents - busy.size),
          oldestWaitSeconds: waiting.has(q.queueId) ? Math.max(0, Math.round((at - Math.min(...waiting.get(q.queueId)!)) / 1000)) : 0,
        }),
      );
    },
    async queueFigures(account, request) {
      const queues = (await db.select().from(simContactCenterQueues).where(and(eq(simContactCenterQueues.accountId, account.id), isNull(simContactCenterQueues.removedAt))).orderBy(asc(simContactCenterQueues.name))).filter(
        (q) => request.queueIds.length === 0 || request.queueIds.includes(q.queueId),
      );
      const until = Math.min(request.until.getTime(), now());
      // Calls ended in the range, as Connect's historical metrics count them.
      const rows = await db
        .select({ plan: simContactCenterContacts.plan })
        .from(simContactCenterContacts)
        .where(and(eq(simContactCenterContacts.accountId, account.id), gte(simContactCenterContacts.endedAt, request.since), lte(simContactCenterContacts.endedAt, new Date(until))));
      const figures = new Map(queues.map((q) => [q.queueId, { queueId: q.queueId, queueName: q.name, handled: 0, abandoned: 0, handle: 0, answer: 0 }]));
      for (const { plan } of rows) {
        for (const leg of (plan as ContactCenterContact).legs) {
          const figure = leg.queue ? figures.get(leg.queue.queueId) : undefined;
          if (!figure) continue;
          if (leg.agent) {
            figure.handled += 1;
            figure.handle += leg.talkSeconds + leg.holdSeconds + leg.afterContactWorkSeconds;
            figure.answer += leg.waitSeconds;
          } else if (leg.enqueuedTimestamp) figure.abandoned += 1;
        }
      }
      return [...figures.values()].map((f) => ({
        queueId: f.queueId,
        queueName: f.queueName,
        contactsHandled: f.handled,
        contactsAbandoned: f.abandoned,
        averageHandleSeconds: f.handled ? Math.round(f.handle / f.handled) : 0,
        averageQueueAnswerSeconds: f.handled ? Math.round(f.answer / f.handled) : 0,
      }));
    },
    async recording(_account, location) {
      // `sim-recording:<leg contact id>:<leg>:<seconds>`: the audio is made again from the location, the same bytes each time.
      const match = /^sim-recording:([0-9a-f-]{36}):(\d+):(\d+)$/.exec(location);
      if (!match) throw new ContactCenterError('unavailable');
      return { body: wavRecording(parseInt(digest(`${match[1]}:${match[2]}`).slice(0, 8), 16), Number(match[3])), contentType: wavContentType };
    },
    async listQueues(account: ContactCenterAccount): Promise<ContactCenterQueue[]> {
      return (db as Db).transaction(async (tx) => {
        const [existing] = await tx.select().from(simContactCenterInstances).where(eq(simContactCenterInstances.accountId, account.id)).for('update');
        let instance = existing;
        if (!instance) {
          const created = {
            accountId: account.id,
            awsAccountId: String(parseInt(digest(`aws-account:${account.id}`).slice(0, 10), 16) % 1e12).padStart(12, '0'),
            instanceId: uuidOf(`instance:${account.id}`),
            region: regions[parseInt(digest(`region:${account.id}`).slice(0, 2), 16) % regions.length]!,
            listings: 0,
          };
          await tx.insert(simContactCenterInstances).values(created).onConflictDoNothing();
          [instance] = await tx.select().from(simContactCenterInstances).where(eq(simContactCenterInstances.accountId, account.id)).for('update');
          const names = [basicQueue, ...coreQueuesOf(account.id)];
          await tx
            .insert(simContactCenterQueues)
            .values(names.map((name) => ({ accountId: account.id, queueId: uuidOf(`queue:${account.id}:${name}`), name, core: true, addedAt: 0 })))
            .onConflictDoNothing();
        }
        const step = instance!.listings + 1;
        await tx.update(simContactCenterInstances).set({ listings: step }).where(eq(simContactCenterInstances.accountId, account.id));
        const live = and(eq(simContactCenterQueues.accountId, account.id), isNull(simContactCenterQueues.removedAt));
        if (step > 1) {
          const present = await tx.select().from(simContactCenterQueues).where(live);
          const name = laterQueueNames[(step - 2) % laterQueueNames.length]!;
          if (!present.some((q) => q.name === name)) {
            await tx.insert(simContactCenterQueues).values({ accountId: account.id, queueId: uuidOf(`queue:${account.id}:${name}:${step}`), name, core: false, addedAt: step });
          }
          const added = (await tx.select().from(simContactCenterQueues).where(and(live, eq(simContactCenterQueues.core, false))).orderBy(asc(simContactCenterQueues.addedAt)));
          for (const oldest of added.slice(0, Math.max(0, added.length - keptLaterQueues))) {
            await tx
              .update(simContactCenterQueues)
              .set({ removedAt: step })
              .where(and(eq(simContactCenterQueues.accountId, account.id), eq(simContactCenterQueues.queueId, oldest.queueId)));
          }
        }
        const region = account.awsConnect?.region ?? instance!.region;
        const awsAccountId = account.awsConnect?.accountId ?? instance!.awsAccountId;
        const instanceId = account.awsConnect?.instanceId ?? instance!.instanceId;
        const queues = await tx.select().from(simContactCenterQueues).where(live).orderBy(asc(simContactCenterQueues.name));
        return queues.map((q) => ({
          queueId: q.queueId,
          queueName: q.name,
          queueArn: `arn:aws:connect:${region}:${awsAccountId}:instance/${instanceId}/queue/${q.queueId}`,
        }));
      });
    },
  };
}
