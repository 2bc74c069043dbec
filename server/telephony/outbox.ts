/**
 * Every call and text the platform sends goes through here (architecture "Nothing sent twice",
 * "Outreach rules live with the sender"): the attempt is written first under a unique key, the
 * practice's rules are checked (a domestic number, the opt-out list), and only then the carrier is
 * asked, once. A second send with the same key answers the first attempt and asks nothing. A crash
 * between writing and asking leaves the attempt `pending`; `markStranded` turns those into
 * `outcome_unknown` (never sent again blindly: the carrier's report, if any, still lands).
 *
 * The carrier's callbacks (its signed reports) land in `recordReport`, which writes nothing for a
 * callback whose signature is not the carrier's.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { optedOutText, optOutIntent } from '../../domain/opt-out.ts';
import { systemActors } from '../../domain/actors.ts';
import type { Db, Tx } from '../db/client.ts';
import { auditedWrite } from '../db/write.ts';
import { contactPoints, telephonyAttempts, telephonyOptOuts } from '../db/schema/index.ts';
import { recordCall } from './call-history.ts';
import {
  finalCallStatuses,
  finalMessageStatuses,
  nanpNumber,
  nothingSent,
  TelephonyError,
  type CarrierCallback,
  type CarrierReport,
  type Telephony,
} from '../integrations/telephony/port.ts';

export type AttemptStatus = 'pending' | 'refused' | 'outcome_unknown' | 'sent' | string;

export type Attempt = {
  id: string;
  accountId: string;
  key: string;
  kind: 'call' | 'message';
  status: AttemptStatus;
  reason: string | null;
  carrierId: string | null;
};

export type SendRequest = {
  accountId: string;
  /** What the send is for, unique in the account: the same key never sends twice. */
  key: string;
  kind: 'call' | 'message';
  from: string;
  to: string;
  body?: string;
  /** A masked call: bridged to this number once `to` answers. */
  bridgeTo?: string;
  ringTimeoutSeconds?: number;
  timeLimitSeconds?: number;
  /**
   * The patient asked for this call themselves (the masking page's button): their number's opt-out
   * of the practice's texts and calls does not stand in the way of a call they started.
   */
  patientRequested?: boolean;
};

/** Why a send was refused before the carrier was asked: said to the staff member (or the runner's log). */
export const refusals = {
  notDomestic: 'Only US and Canadian numbers (+1 and ten digits, no 900 or N11 numbers) are called or texted.',
  optedOut: optedOutText,
  emptyText: 'A text message needs some text.',
} as const;

const columns = {
  id: telephonyAttempts.id,
  accountId: telephonyAttempts.accountId,
  key: telephonyAttempts.key,
  kind: telephonyAttempts.kind,
  status: telephonyAttempts.status,
  reason: telephonyAttempts.reason,
  carrierId: telephonyAttempts.carrierId,
};

/** Whether the practice's opt-out list holds the number. */
export async function isOptedOut(db: Db | Tx, accountId: string, number: string): Promise<boolean> {
  const [row] = await db
    .select({ number: telephonyOptOuts.number })
    .from(telephonyOptOuts)
    .where(and(eq(telephonyOptOuts.accountId, accountId), eq(telephonyOptOuts.number, number)));
  return row !== undefined;
}

/**
 * A number the platform calls or texts: North American (+1, a valid area code and exchange), not a
 * premium-rate 900 number nor an N11 service code (toll fraud's usual targets). Anything else is
 * refused before the carrier is asked.
 */
export function isDialable(number: string): boolean {
  if (!nanpNumber.test(number)) return false;
  const area = number.slice(2, 5);
  return area !== '900' && !/^[2-9]11$/.test(area);
}

/** Where a carrier reports patients' texts to the platform's numbers (the simulator's inbound URL; a Twilio number's messaging webhook). */
export const inboundCallbackPath = '/api/telephony/callbacks/inbound';

/** The URL the carrier reports an attempt to (signed over this exact URL). */
export const statusCallbackUrl = (base: string, accountId: string, attemptId: string) => `${base}/api/telephony/callbacks/status/${accountId}/${attemptId}`;

/** Why the platform refuses a request before anything is written to the carrier (null: it may go). */
function refusalOf(request: SendRequest): string | null {
  if (!isDialable(request.to) || (request.bridgeTo !== undefined && !isDialable(request.bridgeTo))) return refusals.notDomestic;
  if (request.kind === 'message' && !request.body?.trim()) return refusals.emptyText;
  return null;
}

/**
 * Writes the attempt in the caller's transaction (refused there and then when a rule forbids it):
 * the attempt exists exactly when that transaction commits. Null: the key was used before.
 */
export async function writeAttempt(tx: Db | Tx, request: SendRequest): Promise<Attempt | null> {
  const refusal = refusalOf(request);
  const optedOut = refusal === null && !request.patientRequested && (await isOptedOut(tx, request.accountId, request.to));
  const reason = refusal ?? (optedOut ? refusals.optedOut : null);
  const [row] = await tx
    .insert(telephonyAttempts)
    .values({
      accountId: request.accountId,
      key: request.key,
      kind: request.kind,
      fromNumber: request.from,
      toNumber: request.to,
      bridgeTo: request.bridgeTo ?? null,
      body: request.body ?? null,
      status: reason ? 'refused' : 'pending',
      reason,
    })
    .onConflictDoNothing({ target: [telephonyAttempts.accountId, telephonyAttempts.key] })
    .returning(columns);
  return (row as Attempt | undefined) ?? null;
}

/**
 * Asks the carrier for a written, pending attempt (once: only a pending attempt takes the answer),
 * and answers the attempt as it then stands.
 */
export async function dispatch(db: Db, telephony: Telephony, callbackBase: string, request: SendRequest, written: Attempt): Promise<Attempt> {
  if (written.status !== 'pending') return written;
  const url = statusCallbackUrl(callbackBase, request.accountId, written.id);
  let update: Partial<typeof telephonyAttempts.$inferInsert>;
  try {
    const placed =
      request.kind === 'call'
        ? await telephony.placeCall({
            from: request.from,
            to: request.to,
            statusCallbackUrl: url,
            ...(request.bridgeTo ? { bridgeTo: request.bridgeTo } : {}),
            ...(request.ringTimeoutSeconds ? { ringTimeoutSeconds: request.ringTimeoutSeconds } : {}),
            ...(request.timeLimitSeconds ? { timeLimitSeconds: request.timeLimitSeconds } : {}),
          })
        : await telephony.sendMessage({ from: request.from, to: request.to, body: request.body ?? '', statusCallbackUrl: url });
    update = { status: 'sent', carrierId: placed.carrierId };
  } catch (error) {
    if (!(error instanceof TelephonyError)) {
      // Not the carrier's answer (a bug, the database): whether it went out is not known.
      update = { status: 'outcome_unknown', reason: new TelephonyError('outcome_unknown').message };
    } else {
      update = {
        status: nothingSent(error.reason) ? 'refused' : 'outcome_unknown',
        reason: error.message,
        carrierCode: error.carrierCode === null ? null : String(error.carrierCode),
      };
    }
  }
  // Only a pending attempt takes the answer: a carrier report that came first is not overwritten.
  const [after] = await db
    .update(telephonyAttempts)
    .set({ ...update, updatedAt: sql`now()` })
    .where(and(eq(telephonyAttempts.accountId, request.accountId), eq(telephonyAttempts.id, written.id), eq(telephonyAttempts.status, 'pending')))
    .returning(columns);
  if (after) {
    // A call the carrier took is in the call history at once (ringing), and follows its reports. The
    // call is placed whatever happens here: a failed write must not read as a failed send, and the
    // carrier's next report writes the row again.
    if (after.kind === 'call' && after.status === 'sent') await recordCall(db, request.accountId, after.id).catch(() => null);
    return after as Attempt;
  }
  const [current] = await db
    .select(columns)
    .from(telephonyAttempts)
    .where(and(eq(telephonyAttempts.accountId, request.accountId), eq(telephonyAttempts.id, written.id)));
  return current as Attempt;
}

/**
 * Sends a call or a text once. Answers the attempt as it stands after this call: `fresh` is false
 * when the key had been used (nothing was asked of the carrier this time).
 */
export async function send(db: Db, telephony: Telephony, callbackBase: string, request: SendRequest): Promise<{ attempt: Attempt; fresh: boolean }> {
  const written = await db.transaction((tx) => writeAttempt(tx, request));
  if (!written) {
    const [existing] = await db
      .select(columns)
      .from(telephonyAttempts)
      .where(and(eq(telephonyAttempts.accountId, request.accountId), eq(telephonyAttempts.key, request.key)));
    return { attempt: existing as Attempt, fresh: false };
  }
  return { attempt: await dispatch(db, telephony, callbackBase, request, written), fresh: true };
}

/**
 * Attempts written but never answered (the process died between writing and the carrier's answer):
 * outcome unknown, never sent again. Answers how many.
 */
export async function markStranded(db: Db, olderThanSeconds = 120): Promise<number> {
  const stranded = await db
    .update(telephonyAttempts)
    .set({ status: 'outcome_unknown', reason: new TelephonyError('outcome_unknown').message, updatedAt: sql`now()` })
    .where(and(eq(telephonyAttempts.status, 'pending'), lt(telephonyAttempts.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`)))
    .returning({ id: telephonyAttempts.id });
  return stranded.length;
}

const isFinal = (status: string) => (finalCallStatuses as readonly string[]).includes(status) || (finalMessageStatuses as readonly string[]).includes(status);

export type RecordOutcome = 'recorded' | 'forged' | 'unknown';

/**
 * A carrier's status callback for an attempt. Forged (a signature that is not the carrier's for
 * this URL and fields): nothing is written. A final status is kept; a later, non-final one never
 * replaces it (callbacks may arrive out of order).
 */
export async function recordStatus(db: Db, telephony: Telephony, accountId: string, attemptId: string, callback: CarrierCallback): Promise<RecordOutcome> {
  const report = await telephony.readCallback(callback);
  if (!report || report.kind === 'inbound-message') return report ? 'unknown' : 'forged';
  const status = report.status;
  const changed = await db
    .update(telephonyAttempts)
    .set({
      status,
      // The answer to the create may have been lost: the report tells the carrier's id.
      carrierId: sql`coalesce(${telephonyAttempts.carrierId}, ${report.carrierId})`,
      ...(report.kind === 'call-status' && report.durationSeconds !== null ? { durationSeconds: report.durationSeconds } : {}),
      ...(report.kind === 'message-status' && report.errorCode ? { carrierCode: report.errorCode } : {}),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(telephonyAttempts.accountId, accountId),
        eq(telephonyAttempts.id, attemptId),
        sql`(${telephonyAttempts.carrierId} is null or ${telephonyAttempts.carrierId} = ${report.carrierId})`,
        // Once final, a status stays (a late "ringing" after "completed" changes nothing).
        isFinal(status) ? sql`true` : sql`${telephonyAttempts.status} in ('pending', 'sent', 'outcome_unknown', 'queued', 'ringing', 'in-progress', 'sending')`,
      ),
    )
    .returning({ id: telephonyAttempts.id });
  if (changed.length > 0) return 'recorded';
  const [exists] = await db
    .select({ id: telephonyAttempts.id })
    .from(telephonyAttempts)
    .where(and(eq(telephonyAttempts.accountId, accountId), eq(telephonyAttempts.id, attemptId)));
  return exists ? 'recorded' : 'unknown';
}

/**
 * A patient's text to a platform number: STOP (and the other words) puts the number on the
 * opt-out list of every practice that sends from that number; START takes it off. Answers the
 * report read (null: forged, nothing written).
 */
export async function recordInbound(db: Db, telephony: Telephony, callback: CarrierCallback): Promise<Extract<CarrierReport, { kind: 'inbound-message' }> | null | 'unknown'> {
  const report = await telephony.readCallback(callback);
  if (!report) return null;
  if (report.kind !== 'inbound-message') return 'unknown';
  const intent = optOutIntent(report.body);
  if (intent === null) return report;
  const accounts = await practicesSendingFrom(db, report.to);
  // Each practice's list changes in an audited write of its own, by the Telephony system actor.
  for (const accountId of accounts) {
    await auditedWrite(db, { accountId, actor: systemActors.telephony }, async ({ tx, audit }) => {
      if (intent === 'opt-out') {
        const [added] = await tx
          .insert(telephonyOptOuts)
          .values({ accountId, number: report.from, source: 'reply', via: report.to })
          .onConflictDoNothing()
          .returning({ number: telephonyOptOuts.number });
        if (added) await audit({ action: 'create', resourceType: 'OptOut', resourceId: null, after: { source: 'reply', via: report.to } });
      } else {
        const removed = await tx
          .delete(telephonyOptOuts)
          .where(and(eq(telephonyOptOuts.accountId, accountId), eq(telephonyOptOuts.number, report.from)))
          .returning({ number: telephonyOptOuts.number });
        if (removed.length > 0) await audit({ action: 'delete', resourceType: 'OptOut', resourceId: null, before: { source: 'reply', via: report.to } });
      }
    });
  }
  return report;
}

/** The accounts whose Twilio numbers (contact points, spec §3, service provider Twilio) include this one. */
export async function practicesSendingFrom(db: Db | Tx, number: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ accountId: contactPoints.accountId })
    .from(contactPoints)
    .where(
      and(
        eq(contactPoints.normalizedValue, number),
        eq(contactPoints.serviceProvider, 'Twilio'),
        inArray(contactPoints.system, ['PHONE', 'SMS']),
        sql`${contactPoints.deletedAt} is null`,
      ),
    );
  return rows.map((row) => row.accountId);
}
