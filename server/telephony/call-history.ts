/**
 * A masked call in the call history (issue 42): once the carrier reports how a call of a masking
 * session ended, it becomes an interaction through the one writer the contact center's ingestion
 * uses (server/interactions/ingest.ts), as a contact of two legs: the platform calling the patient
 * (leg 1, a callback the patient asked for) and, once they answered, the bridge to the practice's
 * line (leg 2). Its attributes name the masking session. Written again on a repeated report, the
 * same contact is the same row (its carrier id), and an ended call is final.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contactPoints, maskingSessions, persons, telephonyAttempts } from '../db/schema/index.ts';
import type { ContactCenterContact, ContactEvent, ContactLeg } from '../integrations/contact-center/port.ts';
import { finalCallStatuses, type CallStatus } from '../integrations/telephony/port.ts';
import { ingestContacts, interactionIdOf } from '../interactions/ingest.ts';

/** Which system the history names for these calls (an interaction's integration associations). */
export const telephonySystem = 'Telephony';

/** The masked call of an attempt, in the call history, when the attempt is a masked call that has ended. Answers the interaction's id. */
export async function recordMaskedCall(db: Db, accountId: string, attemptId: string): Promise<string | null> {
  const [attempt] = await db
    .select()
    .from(telephonyAttempts)
    .where(and(eq(telephonyAttempts.accountId, accountId), eq(telephonyAttempts.id, attemptId), sql`${telephonyAttempts.key} like 'mask-call:%'`));
  if (!attempt?.carrierId || attempt.kind !== 'call' || !(finalCallStatuses as readonly string[]).includes(attempt.status)) return null;
  const sessionId = attempt.key.split(':')[1]!;
  const [session] = await db
    .select({ id: maskingSessions.id, personId: maskingSessions.personId, lineId: maskingSessions.practiceContactPointId, callerNumber: maskingSessions.callerNumber })
    .from(maskingSessions)
    .where(and(eq(maskingSessions.accountId, accountId), eq(maskingSessions.id, sessionId)));
  if (!session) return null;
  const [person] = session.personId ? await db.select({ name: persons.displayName }).from(persons).where(and(eq(persons.accountId, accountId), eq(persons.id, session.personId))) : [];
  const [line] = await db.select({ name: contactPoints.name }).from(contactPoints).where(and(eq(contactPoints.accountId, accountId), eq(contactPoints.id, session.lineId)));

  const status = attempt.status as CallStatus;
  const answered = status === 'completed';
  const talk = attempt.durationSeconds ?? 0;
  const start = attempt.createdAt;
  const end = new Date(Math.max(attempt.updatedAt.getTime(), start.getTime() + talk * 1000));
  const iso = (date: Date) => date.toISOString();
  const details = { maskingSessionId: session.id, carrierStatus: status };
  const leg = (n: number, contactId: string, initiation: ContactLeg['initiation'], talkSeconds: number): ContactLeg => ({
    leg: n,
    contactId,
    initiation,
    startTimestamp: iso(start),
    endTimestamp: iso(end),
    queue: null,
    agent: null,
    enqueuedTimestamp: null,
    connectedToAgentTimestamp: null,
    waitSeconds: 0,
    talkSeconds,
    holdSeconds: 0,
    afterContactWorkSeconds: 0,
  });
  const legs = [leg(1, attempt.carrierId, 'callback', talk), ...(answered ? [leg(2, `${attempt.carrierId}-bridge`, 'external_outbound', talk)] : [])];
  const events: ContactEvent[] = [
    { type: 'callback', timestamp: iso(start), durationSeconds: 0, leg: 1, details },
    ...(answered
      ? [
          { type: 'connectedToSystem', timestamp: iso(start), durationSeconds: talk, leg: 1, details },
          { type: 'external_outbound', timestamp: iso(start), durationSeconds: talk, leg: 2, details: { ...details, practiceLine: line?.name ?? null } },
        ]
      : []),
    { type: 'disconnect', timestamp: iso(end), durationSeconds: 0, leg: answered ? 2 : 1, details },
  ];
  const contact: ContactCenterContact = {
    contactId: attempt.carrierId,
    initiation: 'callback',
    startTimestamp: iso(start),
    endTimestamp: iso(end),
    lastUpdateTimestamp: iso(end),
    status: answered ? 'completed' : 'abandoned',
    customer: { name: person?.name ?? null, phoneNumber: attempt.toNumber },
    systemPhoneNumber: session.callerNumber,
    queue: null,
    agent: null,
    disposition: null,
    legs,
    events,
    recordings: [],
    attributes: { maskingSessionId: session.id, carrierStatus: status },
  };
  await ingestContacts(db, accountId, [contact], { system: telephonySystem });
  return interactionIdOf(accountId, attempt.carrierId);
}
