/**
 * The simulated carrier (issue 42): it behaves as Twilio does, so the product can be shown and
 * tested without one. A call or message gets a SID at once (or Twilio's error for a bad number, an
 * unsubscribed recipient, an incapable sender); its outcome comes a configurable time later as a
 * status callback, signed as Twilio signs them, to the URL the portal gave; some fail (busy, no
 * answer, undeliverable, carrier error) at a rate that can be set to 0 for tests. A patient's reply
 * is reported to the inbound URL; STOP and the other opt-out words put the patient's number on the
 * carrier's own list for that sender, as Twilio's default opt-out handling does.
 *
 * What it holds lives in the simulators' schema (server/integrations/simulators/schema.ts), so an
 * outcome still to report survives a restart and is reported once, whichever process reports it.
 *
 * Twilio's test numbers answer as Twilio documents them: To +15005550001 is invalid (21211),
 * +15005550004 has opted out (21610), +15005550009 cannot receive texts (21614); From +15005550001
 * is invalid (21212) and +15005550007 cannot send (21606).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { optOutIntent } from '../../../domain/opt-out.ts';
import type { Db } from '../../db/client.ts';
import { simTelephonyInbound, simTelephonyOptOuts, simTelephonySecret, simTelephonySends } from '../simulators/schema.ts';
import {
  reasonOfCarrierCode,
  reportOf,
  TelephonyError,
  type CarrierCallback,
  type CarrierReport,
  type OutboundCall,
  type OutboundMessage,
  type Placed,
  type Telephony,
} from './port.ts';

export type SimulatedTelephonyOptions = {
  /** The share of calls and messages that fail, 0 to 1. */
  failureRate: number;
  /** How long after a call is placed or a message sent its outcome is reported. */
  outcomeMs: number;
  /** Where a patient's reply is reported (the portal's inbound callback); absent: replies are kept, not reported. */
  inboundUrl?: string;
  now?: () => number;
  random?: () => number;
  /** How a callback is sent (tests); the default POSTs it. Answers the HTTP status. */
  post?: (url: string, form: URLSearchParams, signature: string) => Promise<number>;
};

export type SimulatedTelephony = Telephony & {
  readonly kind: 'simulator';
  /** Reports every outcome and reply whose time has come, each once; answers how many were reported. */
  reportDue(): Promise<number>;
  /** A patient's text to a platform number (the demo and tests stand in for a phone with it). */
  receiveMessage(message: { from: string; to: string; body: string }): Promise<Placed>;
  /** The carrier's signing secret (tests sign callbacks with it, as a carrier would). */
  authToken(): Promise<string>;
};

/** Twilio's account SID of the simulated carrier, sent in its callbacks. */
const simulatedAccountSid = `AC${'5'.repeat(32)}`;
const e164 = /^\+[1-9]\d{6,14}$/;
/** Tries of one callback before the carrier gives up on it (Twilio retries a few times too). */
const reportTries = 5;

const sid = (prefix: 'CA' | 'SM') => `${prefix}${randomBytes(16).toString('hex')}`;

/** Twilio's request signature: HMAC-SHA1 of the URL and the sorted fields (name then value), base64. */
export function carrierSignature(authToken: string, url: string, params: Readonly<Record<string, string>>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

const refuse = (code: number) => new TelephonyError(reasonOfCarrierCode(code, 400), { carrierCode: code });

async function postForm(url: string, form: URLSearchParams, signature: string): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: form,
    signal: AbortSignal.timeout(10_000),
  });
  await response.body?.cancel();
  return response.status;
}

export function createSimulatedTelephony(db: Db, options: SimulatedTelephonyOptions): SimulatedTelephony {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const post = options.post ?? postForm;

  let token: Promise<string> | null = null;
  const authToken = () =>
    (token ??= (async () => {
      await db.insert(simTelephonySecret).values({ id: 1, authToken: randomBytes(16).toString('hex') }).onConflictDoNothing();
      const [row] = await db.select().from(simTelephonySecret).where(eq(simTelephonySecret.id, 1));
      return row!.authToken;
    })().catch((error: unknown) => {
      token = null;
      throw error;
    }));

  const checkNumbers = (from: string, to: string) => {
    if (!e164.test(to) || to === '+15005550001') throw refuse(21211);
    if (!e164.test(from) || from === '+15005550001') throw refuse(21212);
    if (from === '+15005550007') throw refuse(21606);
  };

  const failing = () => random() < options.failureRate;
  const pick = <T>(values: readonly T[]) => values[Math.min(values.length - 1, Math.floor(random() * values.length))]!;

  /** Sends one callback, signed; true when the portal took it (2xx). */
  const report = async (url: string, params: Record<string, string>) => {
    const signature = carrierSignature(await authToken(), url, params);
    try {
      const status = await post(url, new URLSearchParams(params), signature);
      return status >= 200 && status < 300;
    } catch {
      return false;
    }
  };

  /** The outcome callbacks whose time came: each row locked while it is reported, so two reporters never send it twice. */
  const reportSends = async () => {
    let reported = 0;
    await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(simTelephonySends)
        .where(sql`${simTelephonySends.reportedAt} is null and ${simTelephonySends.outcomeAt} <= ${new Date(now())} and ${simTelephonySends.reportTries} < ${reportTries}`)
        .orderBy(simTelephonySends.outcomeAt)
        .limit(50)
        .for('update', { skipLocked: true });
      for (const send of due) {
        const common = { AccountSid: simulatedAccountSid, From: send.fromNumber, To: send.toNumber, ApiVersion: '2010-04-01' };
        const params: Record<string, string> =
          send.kind === 'call'
            ? { ...common, CallSid: send.sid, CallStatus: send.outcome, CallDuration: String(send.durationSeconds ?? 0), Direction: 'outbound-api' }
            : { ...common, MessageSid: send.sid, SmsSid: send.sid, MessageStatus: send.outcome, SmsStatus: send.outcome, ...(send.errorCode ? { ErrorCode: send.errorCode } : {}) };
        const taken = await report(send.statusCallbackUrl, params);
        if (taken) reported += 1;
        await tx
          .update(simTelephonySends)
          .set(
            taken
              ? { reportedAt: new Date(now()) }
              : // Tried again later, a little later each time.
                { reportTries: send.reportTries + 1, outcomeAt: new Date(now() + 2 ** send.reportTries * 1000) },
          )
          .where(eq(simTelephonySends.sid, send.sid));
      }
    });
    return reported;
  };

  const reportReplies = async () => {
    const url = options.inboundUrl;
    if (!url) return 0;
    let reported = 0;
    await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(simTelephonyInbound)
        .where(sql`${simTelephonyInbound.reportedAt} is null and ${simTelephonyInbound.reportTries} < ${reportTries}`)
        .orderBy(simTelephonyInbound.receivedAt)
        .limit(50)
        .for('update', { skipLocked: true });
      for (const reply of due) {
        const taken = await report(url, {
          AccountSid: simulatedAccountSid,
          MessageSid: reply.sid,
          SmsSid: reply.sid,
          SmsStatus: 'received',
          From: reply.fromNumber,
          To: reply.toNumber,
          Body: reply.body,
          NumMedia: '0',
          ApiVersion: '2010-04-01',
        });
        if (taken) reported += 1;
        await tx
          .update(simTelephonyInbound)
          .set(taken ? { reportedAt: new Date(now()) } : { reportTries: reply.reportTries + 1 })
          .where(eq(simTelephonyInbound.sid, reply.sid));
      }
    });
    return reported;
  };

  return {
    kind: 'simulator',

    async placeCall(call: OutboundCall): Promise<Placed> {
      checkNumbers(call.from, call.to);
      if (call.bridgeTo !== undefined && !e164.test(call.bridgeTo)) throw refuse(21211);
      const fails = failing();
      const outcome = fails ? pick(['busy', 'no-answer', 'failed'] as const) : 'completed';
      const longest = call.timeLimitSeconds ?? 600;
      const durationSeconds = outcome === 'completed' ? Math.min(longest, 15 + Math.floor(random() * 285)) : 0;
      const carrierId = sid('CA');
      await db.insert(simTelephonySends).values({
        sid: carrierId,
        kind: 'call',
        fromNumber: call.from,
        toNumber: call.to,
        bridgeTo: call.bridgeTo ?? null,
        statusCallbackUrl: call.statusCallbackUrl,
        createdAt: new Date(now()),
        outcomeAt: new Date(now() + options.outcomeMs),
        outcome,
        durationSeconds,
        errorCode: outcome === 'failed' ? '31005' : null,
      });
      return { carrierId };
    },

    async sendMessage(message: OutboundMessage): Promise<Placed> {
      checkNumbers(message.from, message.to);
      if (message.to === '+15005550004') throw refuse(21610);
      if (message.to === '+15005550009') throw refuse(21614);
      const [optedOut] = await db
        .select({ at: simTelephonyOptOuts.at })
        .from(simTelephonyOptOuts)
        .where(and(eq(simTelephonyOptOuts.sender, message.from), eq(simTelephonyOptOuts.patient, message.to)));
      if (optedOut) throw refuse(21610);
      const fails = failing();
      const outcome = fails ? pick(['undelivered', 'failed'] as const) : 'delivered';
      const carrierId = sid('SM');
      await db.insert(simTelephonySends).values({
        sid: carrierId,
        kind: 'message',
        fromNumber: message.from,
        toNumber: message.to,
        body: message.body,
        statusCallbackUrl: message.statusCallbackUrl,
        createdAt: new Date(now()),
        outcomeAt: new Date(now() + options.outcomeMs),
        outcome,
        // 30003: unreachable handset; 30008: unknown error (Twilio's delivery error codes).
        errorCode: fails ? pick(['30003', '30008']) : null,
      });
      return { carrierId };
    },

    async readCallback(callback: CarrierCallback): Promise<CarrierReport | null> {
      if (!callback.signature) return null;
      const expected = Buffer.from(carrierSignature(await authToken(), callback.url, callback.params));
      const given = Buffer.from(callback.signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return reportOf(callback.params);
    },

    async reportDue() {
      return (await reportSends()) + (await reportReplies());
    },

    async receiveMessage(message) {
      if (!e164.test(message.from) || !e164.test(message.to)) throw refuse(21211);
      const carrierId = sid('SM');
      const intent = optOutIntent(message.body);
      await db.transaction(async (tx) => {
        await tx.insert(simTelephonyInbound).values({ sid: carrierId, fromNumber: message.from, toNumber: message.to, body: message.body, receivedAt: new Date(now()) });
        // The carrier's own handling of Twilio's default opt-out and opt-in keywords.
        if (intent === 'opt-out') {
          await tx.insert(simTelephonyOptOuts).values({ sender: message.to, patient: message.from }).onConflictDoNothing();
        } else if (intent === 'opt-in') {
          await tx.delete(simTelephonyOptOuts).where(and(eq(simTelephonyOptOuts.sender, message.to), eq(simTelephonyOptOuts.patient, message.from)));
        }
      });
      return { carrierId };
    },

    authToken,

    run(intervalMs = 1000) {
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        this.reportDue()
          .catch((error: unknown) => console.warn(`telephony simulator: reporting failed (${error instanceof Error ? error.message : 'unknown error'})`))
          .finally(() => {
            running = false;
          });
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
