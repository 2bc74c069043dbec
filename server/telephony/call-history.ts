/**
 * The platform's own calls in the call history (issue 42): every call the carrier places for the
 * platform (a masked call, and any other outbound call of the outbox) becomes an interaction
 * through the one writer the contact center's ingestion uses (server/interactions/ingest.ts), from
 * the carrier's first report on, and is written again as later reports arrive (an ended call is
 * final). The same carrier id is the same row, so a repeated report makes no second call.
 *
 * - A masked call is a contact of two legs: the platform calling the patient (leg 1, a callback the
 *   patient asked for) and, once they answered, the bridge to the practice's line (leg 2). Its
 *   attributes name the masking session.
 * - Any other call is an outbound contact of one leg: the practice's number calling `to`.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contactPoints, maskingSessions, persons, telephonyAttempts } from '../db/schema/index.ts';
import type { ContactCenterContact, ContactEvent, ContactLeg, ContactStatus } from '../integrations/contact-center/port.ts';
import { finalCallStatuses, type CallStatus } from '../integrations/telephony/port.ts';
import { ingestContacts, interactionIdOf } from '../interactions/ingest.ts';

/** Which system the history names for these calls (an interaction's integration associations). */
export const telephonySystem = 'Telephony';

/** How a carrier's call status reads in the call history (spec §4's statuses). */
const contactStatusOf = (status: string): ContactStatus =>
  status === 'completed' ? 'completed' : (finalCallStatuses as readonly string[]).includes(status) ? 'abandoned' : status === 'in-progress' ? 'active' : 'queued';

type Masked = { sessionId: string; personName: string | null; lineName: string | null; callerNumber: string };

async function maskedCallOf(db: Db, accountId: string, key: string): Promise<Masked | null> {
  if (!key.startsWith('mask-call:')) return null;
  const sessionId = key.split(':')[1]!;
  const [session] = await db
    .select({ id: maskingSessions.id, personId: maskingSessions.personId, lineId: maskingSessions.practiceContactPointId, callerNumber: maskingSessions.callerNumber })
    .from(maskingSessions)
    .where(and(eq(maskingSessions.accountId, accountId), eq(maskingSessions.id, sessionId)));
  if (!session) return null;
  const [person] = session.personId ? await db.select({ name: persons.displayName }).from(persons).where(and(eq(persons.accountId, accountId), eq(persons.id, session.personId))) : [];
  const [line] = await db.select({ name: contactPoints.name }).from(contactPoints).where(and(eq(contactPoints.accountId, accountId), eq(contactPoints.id, session.lineId)));
  return { sessionId: session.id, personName: person?.name ?? null, lineName: line?.name ?? null, callerNumber: session.callerNumber };
}

/**
 * A call attempt in the call history, once the carrier has taken it (it has the carrier's id):
 * written or brought up to date from how the attempt stands. Answers the interaction's id (null:
 * not a call, or the carrier never took it: nothing to show).
 */
export async function recordCall(db: Db, accountId: string, attemptId: string): Promise<string | null> {
  const [attempt] = await db
    .select()
    .from(telephonyAttempts)
    .where(and(eq(telephonyAttempts.accountId, accountId), eq(telephonyAttempts.id, attemptId), eq(telephonyAttempts.kind, 'call')));
  if (!attempt?.carrierId || attempt.status === 'refused') return null;
  const masked = await maskedCallOf(db, accountId, attempt.key);
  if (attempt.key.startsWith('mask-call:') && !masked) return null;

  const status = attempt.status as CallStatus;
  const ended = (finalCallStatuses as readonly string[]).includes(status);
  const answered = status === 'completed' || status === 'in-progress';
  const talk = attempt.durationSeconds ?? 0;
  const start = attempt.createdAt;
  const end = ended ? new Date(Math.max(attempt.updatedAt.getTime(), start.getTime() + talk * 1000)) : null;
  const iso = (date: Date) => date.toISOString();
  const details = { ...(masked && { maskingSessionId: masked.sessionId }), carrierStatus: status };
  const leg = (n: number, contactId: string, initiation: ContactLeg['initiation'], talkSeconds: number): ContactLeg => ({
    leg: n,
    contactId,
    initiation,
    startTimestamp: iso(start),
    endTimestamp: end ? iso(end) : null,
    queue: null,
    agent: null,
    enqueuedTimestamp: null,
    connectedToAgentTimestamp: null,
    waitSeconds: 0,
    talkSeconds,
    holdSeconds: 0,
    afterContactWorkSeconds: 0,
  });
  const disconnect = (n: number): ContactEvent[] => (end ? [{ type: 'disconnect', timestamp: iso(end), durationSeconds: 0, leg: n, details }] : []);
  let legs: ContactLeg[];
  let events: ContactEvent[];
  if (masked) {
    legs = [leg(1, attempt.carrierId, 'callback', talk), ...(answered ? [leg(2, `${attempt.carrierId}-bridge`, 'external_outbound', talk)] : [])];
    events = [
      { type: 'callback', timestamp: iso(start), durationSeconds: 0, leg: 1, details },
      ...(answered
        ? [
            { type: 'connectedToSystem', timestamp: iso(start), durationSeconds: talk, leg: 1, details },
            { type: 'external_outbound', timestamp: iso(start), durationSeconds: talk, leg: 2, details: { ...details, practiceLine: masked.lineName } },
          ]
        : []),
      ...disconnect(answered ? 2 : 1),
    ];
  } else {
    legs = [leg(1, attempt.carrierId, 'outbound', talk)];
    events = [
      { type: 'outbound', timestamp: iso(start), durationSeconds: 0, leg: 1, details },
      ...(answered ? [{ type: 'connectedToCustomer', timestamp: iso(start), durationSeconds: talk, leg: 1, details }] : []),
      ...disconnect(1),
    ];
  }
  const contact: ContactCenterContact = {
    contactId: attempt.carrierId,
    initiation: masked ? 'callback' : 'outbound',
    startTimestamp: iso(start),
    endTimestamp: end ? iso(end) : null,
    lastUpdateTimestamp: iso(end ?? attempt.updatedAt),
    status: contactStatusOf(status),
    customer: { name: masked?.personName ?? null, phoneNumber: attempt.toNumber },
    systemPhoneNumber: masked?.callerNumber ?? attempt.fromNumber,
    queue: null,
    agent: null,
    disposition: null,
    legs,
    events,
    recordings: [],
    attributes: { ...(masked && { maskingSessionId: masked.sessionId }), telephonyAttemptId: attempt.id, carrierStatus: status },
  };
  await ingestContacts(db, accountId, [contact], { system: telephonySystem });
  return interactionIdOf(accountId, attempt.carrierId);
}
