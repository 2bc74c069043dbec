/**
 * Call-masking sessions (issue 42): staff set one up for a patient; the patient's page starts a
 * call with it. The platform dials the patient first from the practice's Twilio number, then
 * bridges the practice's line: neither sees the other's own number.
 *
 * A session's allowance is taken atomically (one statement: not ended, not expired, calls left),
 * the practice's daily cap is counted in the same transaction, and the call itself goes through
 * the outbox under the session's call number, so a retried request never makes a second call.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { e164 } from '../../domain/contact-points.ts';
import { maskingLinkText, maskingMessages, maskingSettingsOf, type MaskingCreate, type MaskingPage, type MaskingSession, type MaskingStatus } from '../../domain/masking.ts';
import type { Db, Tx } from '../db/client.ts';
import { accounts, contactPoints, interactions, maskingSessions, persons, telephonyAttempts } from '../db/schema/index.ts';
import type { WriteScope } from '../db/write.ts';
import { badRequest } from '../errors.ts';
import type { Telephony } from '../integrations/telephony/port.ts';
import { dispatch, send, writeAttempt, type SendRequest } from './outbox.ts';
import { platformNumberOf } from './practice-settings.ts';

/** 128 random bits, base64url: 22 characters. */
export const newMaskingId = () => randomBytes(16).toString('base64url');

/** The link a patient opens. */
export const maskingLink = (publicUrl: string, id: string) => `${publicUrl}/mask/${id}`;

type Row = typeof maskingSessions.$inferSelect;

export function statusOf(row: Pick<Row, 'endedAt' | 'expiresAt' | 'callsUsed' | 'maxCalls'>, now = new Date()): MaskingStatus {
  if (row.endedAt) return 'ended';
  if (row.expiresAt <= now) return 'expired';
  if (row.callsUsed >= row.maxCalls) return 'used';
  return 'active';
}

/** Sets up a session in the request's audited write; answers its id and what texting the link needs. */
export async function createSession(scope: WriteScope, body: MaskingCreate) {
  const { tx, accountId, actorName } = scope;
  const [account] = await tx.select({ name: accounts.name, config: accounts.config }).from(accounts).where(eq(accounts.id, accountId));
  const settings = maskingSettingsOf((account?.config ?? {}) as Record<string, unknown>);
  const [line] = await tx
    .select({ number: contactPoints.normalizedValue, system: contactPoints.system })
    .from(contactPoints)
    .where(and(eq(contactPoints.accountId, accountId), eq(contactPoints.id, body.practiceContactPointId), sql`${contactPoints.deletedAt} is null`));
  if (!line || line.system !== 'PHONE' || !line.number.startsWith('+1')) {
    throw badRequest(maskingMessages.practiceNumberUnknown, { practiceContactPointId: maskingMessages.practiceNumberUnknown });
  }
  const callerNumber = await platformNumberOf(tx, accountId);
  if (!callerNumber) throw badRequest(maskingMessages.noPlatformNumber, { practiceContactPointId: maskingMessages.noPlatformNumber });
  if (body.personId) {
    const [person] = await tx.select({ id: persons.id }).from(persons).where(and(eq(persons.accountId, accountId), eq(persons.id, body.personId)));
    if (!person) throw badRequest('Person does not exist', { personId: 'Person does not exist' });
  }
  // The call it is about (set up from a call's page): one of this account's, not deleted.
  if (body.interactionId) {
    const [call] = await tx
      .select({ id: interactions.id })
      .from(interactions)
      .where(and(eq(interactions.accountId, accountId), eq(interactions.id, body.interactionId), sql`${interactions.deletedAt} is null`));
    if (!call) throw badRequest('Interaction does not exist', { interactionId: 'Interaction does not exist' });
  }
  const id = newMaskingId();
  const expiryHours = body.expiryHours ?? settings.expiryHours;
  const [row] = await tx
    .insert(maskingSessions)
    .values({
      accountId,
      id,
      patientNumber: e164(body.patientNumber)!,
      personId: body.personId ?? null,
      interactionId: body.interactionId ?? null,
      practiceContactPointId: body.practiceContactPointId,
      practiceNumber: line.number,
      callerNumber,
      expiresAt: sql`now() + make_interval(hours => ${expiryHours})`,
      maxCalls: body.maxCalls ?? settings.maxCalls,
      callTimeLimitMinutes: body.callTimeLimitMinutes ?? settings.callTimeLimitMinutes,
      ringTimeoutSeconds: body.ringTimeoutSeconds ?? settings.ringTimeoutSeconds,
      textStatus: body.sendText ? 'sending' : null,
      createdBy: actorName,
    })
    .returning();
  // The log names who and what, not the numbers (they stay in the session).
  await scope.audit({
    action: 'create',
    resourceType: 'MaskingSession',
    resourceId: id,
    after: { personId: row!.personId, interactionId: row!.interactionId, practiceContactPointId: row!.practiceContactPointId, expiresAt: row!.expiresAt, maxCalls: row!.maxCalls },
  });
  return { id, practiceName: account?.name ?? '', callerNumber, patientNumber: row!.patientNumber, sendText: body.sendText };
}

/** Texts the session's link to the patient (once: the outbox's key is the session's), and keeps how it went. */
export async function textLink(db: Db, telephony: Telephony, publicUrl: string, accountId: string, session: { id: string; practiceName: string; callerNumber: string; patientNumber: string }) {
  const { attempt } = await send(db, telephony, publicUrl, {
    accountId,
    key: `mask-link:${session.id}`,
    kind: 'message',
    from: session.callerNumber,
    to: session.patientNumber,
    body: maskingLinkText(session.practiceName, maskingLink(publicUrl, session.id)),
  });
  const textStatus = attempt.status === 'sent' ? 'sent' : attempt.reason ? `not sent: ${attempt.reason}` : attempt.status;
  await db.update(maskingSessions).set({ textStatus }).where(and(eq(maskingSessions.accountId, accountId), eq(maskingSessions.id, session.id)));
  return textStatus;
}

function present(row: Row & { personName: string | null; lineName: string | null }, publicUrl: string): MaskingSession {
  return {
    id: row.id,
    accountId: row.accountId,
    status: statusOf(row),
    patientNumber: row.patientNumber,
    personId: row.personId,
    personName: row.personName,
    interactionId: row.interactionId,
    practiceContactPointId: row.practiceContactPointId,
    practiceContactPointName: row.lineName ?? '',
    callerNumber: row.callerNumber,
    expiresAt: row.expiresAt.toISOString(),
    maxCalls: row.maxCalls,
    callsUsed: row.callsUsed,
    callTimeLimitMinutes: row.callTimeLimitMinutes,
    ringTimeoutSeconds: row.ringTimeoutSeconds,
    link: maskingLink(publicUrl, row.id),
    textStatus: row.textStatus,
    endedAt: row.endedAt?.toISOString() ?? null,
    endedBy: row.endedBy,
    createdTimestamp: row.createdTimestamp.toISOString(),
    createdBy: row.createdBy,
  };
}

const personName = sql<string | null>`(select p.display_name from persons p where p.id = ${maskingSessions.personId} and p.account_id = ${maskingSessions.accountId})`;
const lineName = sql<string | null>`(select cp.name from contact_points cp where cp.id = ${maskingSessions.practiceContactPointId} and cp.account_id = ${maskingSessions.accountId})`;

/** The practice's sessions, newest first (at most `limit`), optionally of one person. */
export async function listSessions(db: Db, accountId: string, publicUrl: string, options: { personId?: string; limit?: number } = {}): Promise<MaskingSession[]> {
  const rows = await db
    .select({ session: maskingSessions, personName, lineName })
    .from(maskingSessions)
    .where(and(eq(maskingSessions.accountId, accountId), options.personId ? eq(maskingSessions.personId, options.personId) : undefined))
    .orderBy(desc(maskingSessions.createdTimestamp))
    .limit(options.limit ?? 200);
  return rows.map((row) => present({ ...row.session, personName: row.personName, lineName: row.lineName }, publicUrl));
}

export async function findSession(db: Db | Tx, accountId: string, id: string, publicUrl: string): Promise<MaskingSession | null> {
  const [row] = await db
    .select({ session: maskingSessions, personName, lineName })
    .from(maskingSessions)
    .where(and(eq(maskingSessions.accountId, accountId), eq(maskingSessions.id, id)));
  return row ? present({ ...row.session, personName: row.personName, lineName: row.lineName }, publicUrl) : null;
}

/** Ends a session (staff): its link starts no call from then on. Ending an ended one changes nothing. */
export async function endSession(scope: WriteScope, id: string): Promise<boolean> {
  const [row] = await scope.tx
    .update(maskingSessions)
    .set({ endedAt: sql`now()`, endedBy: scope.actorName })
    .where(and(eq(maskingSessions.accountId, scope.accountId), eq(maskingSessions.id, id), sql`${maskingSessions.endedAt} is null`))
    .returning({ id: maskingSessions.id });
  if (row) await scope.audit({ action: 'update', resourceType: 'MaskingSession', resourceId: id, before: { ended: false }, after: { ended: true } });
  return row !== undefined;
}

/** What the patient's page shows of an active session; null for unknown, expired, ended and used-up alike. */
export async function sessionForPage(db: Db, id: string): Promise<MaskingPage | null> {
  const [row] = await db
    .select({ session: maskingSessions, practiceName: accounts.name })
    .from(maskingSessions)
    .innerJoin(accounts, eq(accounts.id, maskingSessions.accountId))
    .where(eq(maskingSessions.id, id));
  if (!row || statusOf(row.session) !== 'active') return null;
  return { practiceName: row.practiceName, callerNumber: row.session.callerNumber, expiresAt: row.session.expiresAt.toISOString(), callsLeft: row.session.maxCalls - row.session.callsUsed };
}

export type MaskedCallOutcome = 'calling' | 'unavailable' | 'failed';

/**
 * The patient pressed the button: one call of the session's allowance, within the practice's daily
 * cap, dialled through the outbox (the patient first, then the practice's line). `unavailable` for an
 * unknown, expired, ended or used-up session and a practice at its cap, alike; `failed` when the
 * carrier did not take the call (the allowance is given back, nothing was sent).
 */
export async function startMaskedCall(db: Db, telephony: Telephony, publicUrl: string, id: string): Promise<MaskedCallOutcome> {
  const taken = await db.transaction(async (tx) => {
    const [session] = await tx
      .update(maskingSessions)
      .set({ callsUsed: sql`${maskingSessions.callsUsed} + 1` })
      .where(and(eq(maskingSessions.id, id), sql`${maskingSessions.endedAt} is null`, sql`${maskingSessions.expiresAt} > now()`, sql`${maskingSessions.callsUsed} < ${maskingSessions.maxCalls}`))
      .returning();
    if (!session) return null;
    const [account] = await tx.select({ config: accounts.config }).from(accounts).where(eq(accounts.id, session.accountId));
    const { dailyCap } = maskingSettingsOf((account?.config ?? {}) as Record<string, unknown>);
    // Serialise the practice's count (two sessions' calls at once cannot both take the last place).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`masked-calls\n${session.accountId}`}, 0))`);
    const [today] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(telephonyAttempts)
      .where(and(eq(telephonyAttempts.accountId, session.accountId), sql`${telephonyAttempts.key} like 'mask-call:%'`, sql`${telephonyAttempts.createdAt} > now() - interval '1 day'`));
    if ((today?.n ?? 0) >= dailyCap) throw new DailyCapReached();
    // The call's attempt is written in this transaction: the cap counts it the moment the allowance is taken.
    const request: SendRequest = {
      accountId: session.accountId,
      key: `mask-call:${session.id}:${session.callsUsed}`,
      kind: 'call',
      from: session.callerNumber,
      to: session.patientNumber,
      bridgeTo: session.practiceNumber,
      ringTimeoutSeconds: session.ringTimeoutSeconds,
      timeLimitSeconds: session.callTimeLimitMinutes * 60,
      patientRequested: true,
    };
    const written = await writeAttempt(tx, request);
    return written ? { session, request, written } : null;
  }).catch((error: unknown) => {
    if (error instanceof DailyCapReached) return null;
    throw error;
  });
  if (!taken) return 'unavailable';
  const { session, request, written } = taken;
  const attempt = await dispatch(db, telephony, publicUrl, request, written);
  if (attempt.status === 'sent') return 'calling';
  if (attempt.status === 'refused') {
    // Nothing reached the carrier: the patient may try again.
    await db
      .update(maskingSessions)
      .set({ callsUsed: sql`greatest(0, ${maskingSessions.callsUsed} - 1)` })
      .where(and(eq(maskingSessions.accountId, session.accountId), eq(maskingSessions.id, session.id)));
  }
  return 'failed';
}

class DailyCapReached extends Error {}
