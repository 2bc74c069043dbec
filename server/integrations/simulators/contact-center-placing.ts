/**
 * The simulated contact center placing calls (issue 26): for each account, calls arrive at a
 * gentle rate (a Poisson process of `callsPerHour`), each planned whole (simulated-calls.ts) and
 * kept in the simulators' schema, where the simulator's `contactsChanged` and `realtimeMetrics`
 * read them as they stand. The world a call is placed in is the account's own: its synced queues
 * (with the dispositions the portal keeps per queue), its users as agents, and — for some calls —
 * the people of its phone contact points as callers, so a person's page finds their calls.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { prng } from '../../random.ts';
import { simContactCenterContacts, simContactCenterPlacing, simContactCenterQueues } from './schema.ts';
import type { ContactCenterContact } from '../contact-center/port.ts';
import { planCall, type CallWorld } from './contact-center-calls.ts';

const seedFor = (text: string) => createHash('sha1').update(`astera-calls:${text}`).digest().readUInt32BE(0);

/** The account's world for its calls, or null when it has no queue or no agent to take a call. */
export async function callWorldOf(db: Db | Tx, accountId: string): Promise<CallWorld | null> {
  const queueRows = await db.execute<{ queue_id: string; queue_name: string; dispositions: string[] }>(
    sql`select queue_id, queue_name, dispositions from queues where account_id = ${accountId} and removed_at is null order by queue_name`,
  );
  let queues = queueRows.rows.map((q) => ({ queueId: q.queue_id, queueName: q.queue_name, dispositions: q.dispositions }));
  if (queues.length === 0) {
    // Queues not synced into the portal yet: the instance's own, without dispositions.
    const simQueues = await db.select().from(simContactCenterQueues).where(and(eq(simContactCenterQueues.accountId, accountId), isNull(simContactCenterQueues.removedAt)));
    queues = simQueues.map((q) => ({ queueId: q.queueId, queueName: q.name, dispositions: [] }));
  }
  const agentRows = await db.execute<{ person_id: string; name: string; email: string }>(
    sql`select person_id, name, email from users where account_id = ${accountId} and active order by name, person_id`,
  );
  if (queues.length === 0 || agentRows.rows.length === 0) return null;
  // People reachable at the practice's phone contact points: practitioners associated with a phone number.
  const known = await db.execute<{ name: string; phone: string }>(sql`
    select pr.name, cp.normalized_value as phone
      from contact_points cp
      join contact_point_practitioners cpp on cpp.contact_point_id = cp.id
      join practitioners pr on pr.person_id = cpp.practitioner_id
     where cp.account_id = ${accountId} and cp.deleted_at is null and cp.system = 'PHONE' and cp.normalized_value like '+%'
     order by pr.name, cp.normalized_value
     limit 200`);
  const main = await db.execute<{ phone: string }>(
    sql`select normalized_value as phone from contact_points where account_id = ${accountId} and deleted_at is null and system = 'PHONE' and normalized_value like '+%' order by rank, name limit 1`,
  );
  return {
    queues,
    agents: agentRows.rows.map((a) => ({ userId: a.person_id, name: a.name, username: a.email })),
    known: known.rows.map((k) => ({ name: k.name, phoneNumber: k.phone })),
    systemPhoneNumber: main.rows[0]?.phone ?? '+18005550100',
  };
}

/** Plans `count` calls spread over [from, to) (epoch ms), the same for the same seed and world. */
export function planCalls(world: CallWorld, seed: string, from: number, to: number, count: number): ContactCenterContact[] {
  const random = prng(seedFor(seed));
  const starts = Array.from({ length: count }, () => from + Math.floor(random.next() * (to - from))).sort((a, b) => a - b);
  return starts.map((start) => planCall(random, world, start));
}

/** Keeps planned calls in the simulated instance (again: the same contact is kept once). */
export async function keepSimulatedCalls(db: Db | Tx, accountId: string, calls: ContactCenterContact[]): Promise<void> {
  for (let i = 0; i < calls.length; i += 500) {
    const batch = calls.slice(i, i + 500);
    await db
      .insert(simContactCenterContacts)
      .values(batch.map((c) => ({ accountId, contactId: c.contactId, startedAt: new Date(c.startTimestamp), endedAt: new Date(c.endTimestamp!), plan: c })))
      .onConflictDoNothing();
  }
}

/**
 * Places the account's calls arriving from where placing stopped (at most `catchUpMs` back) up
 * to `until`: exponential gaps of mean 3600 / callsPerHour seconds. Serialised per account by a
 * row lock, so several processes never place the same stretch twice. Answers how many it placed.
 */
export async function placeSimulatedCalls(db: Db, accountId: string, options: { until: number; callsPerHour: number; catchUpMs?: number }): Promise<number> {
  if (options.callsPerHour <= 0) return 0;
  return db.transaction(async (tx) => {
    // A first placing starts a minute back, so the instance is not silent until the next one.
    await tx.insert(simContactCenterPlacing).values({ accountId, placedUntil: new Date(options.until - 60_000) }).onConflictDoNothing();
    const [state] = await tx.select().from(simContactCenterPlacing).where(eq(simContactCenterPlacing.accountId, accountId)).for('update');
    const from = Math.max(state!.placedUntil.getTime(), options.until - (options.catchUpMs ?? 10 * 60_000));
    if (from >= options.until) return 0;
    const world = await callWorldOf(tx, accountId);
    if (!world) return 0;
    const random = prng(seedFor(`${accountId}:${state!.placed}:${from}`));
    const meanGapMs = 3_600_000 / options.callsPerHour;
    const calls: ContactCenterContact[] = [];
    let at = from - Math.log(1 - random.next()) * meanGapMs;
    while (at < options.until) {
      calls.push(planCall(random, world, Math.floor(at)));
      at += -Math.log(1 - random.next()) * meanGapMs;
    }
    await keepSimulatedCalls(tx, accountId, calls);
    await tx.update(simContactCenterPlacing).set({ placedUntil: new Date(options.until), placed: state!.placed + calls.length }).where(eq(simContactCenterPlacing.accountId, accountId));
    return calls.length;
  });
}
