/**
 * Telephony (architecture "Integrations", issue 42): the carrier that places the practice's calls
 * and sends its text messages. This file is the port: the interface, its types and its one error
 * type. The adapters (simulator.ts, twilio.ts) import this file alone; index.ts only chooses.
 *
 * What the carrier does later (a call answered, a message delivered, a patient's reply) comes back
 * as a callback the carrier signs (Twilio's `X-Twilio-Signature`): the portal's callback route
 * hands it to `readCallback`, which checks the signature and reads it, or refuses it.
 */

/** A North American number in E.164 (`+1` and ten digits): the only numbers the platform dials. */
export const nanpNumber = /^\+1[2-9]\d{2}[2-9]\d{6}$/;

/** A call to place: the carrier dials `to` from `from`. */
export type OutboundCall = {
  from: string;
  to: string;
  /**
   * A masked call: once `to` answers, the carrier dials `bridgeTo` and joins the two, each side
   * seeing only `from` (the practice's platform number), never the other's own number.
   */
  bridgeTo?: string;
  /** How long the carrier lets `to` ring before giving up (no-answer). */
  ringTimeoutSeconds?: number;
  /** The most the call may last once answered; the carrier hangs up then. */
  timeLimitSeconds?: number;
  /** Where the carrier reports the call's progress (the portal's callback route, with the attempt in it). */
  statusCallbackUrl: string;
};

/** A text message to send. */
export type OutboundMessage = { from: string; to: string; body: string; statusCallbackUrl: string };

/** What the carrier answered to a call placed or a message sent: its own id for it. */
export type Placed = { carrierId: string };

/** How a call or a message stands, in the carrier's words (Twilio's statuses). */
export type CallStatus = 'queued' | 'ringing' | 'in-progress' | 'completed' | 'busy' | 'no-answer' | 'failed' | 'canceled';
export type MessageStatus = 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed';

const callStatuses: readonly CallStatus[] = ['queued', 'ringing', 'in-progress', 'completed', 'busy', 'no-answer', 'failed', 'canceled'];
const messageStatuses: readonly MessageStatus[] = ['queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed'];

/** The statuses after which nothing more happens to a call or a message. */
export const finalCallStatuses: readonly CallStatus[] = ['completed', 'busy', 'no-answer', 'failed', 'canceled'];
export const finalMessageStatuses: readonly MessageStatus[] = ['delivered', 'undelivered', 'failed'];

/** A callback, read and verified. */
export type CarrierReport =
  | { kind: 'call-status'; carrierId: string; status: CallStatus; from: string; to: string; durationSeconds: number | null; answeredBy?: string }
  | { kind: 'message-status'; carrierId: string; status: MessageStatus; errorCode: string | null }
  | { kind: 'inbound-message'; carrierId: string; from: string; to: string; body: string };

/** A callback as it reached the portal: the full URL the carrier called, its signature header and its form fields. */
export type CarrierCallback = { url: string; signature: string | undefined; params: Readonly<Record<string, string>> };

export type Telephony = {
  /** 'simulator' or 'twilio': which adapter answers (for logs and tests). */
  readonly kind: 'simulator' | 'twilio';
  placeCall(call: OutboundCall): Promise<Placed>;
  sendMessage(message: OutboundMessage): Promise<Placed>;
  /**
   * The callback read, when its signature is the carrier's for this URL and these fields; null
   * otherwise (a forged or altered callback: the route refuses it and writes nothing).
   */
  readCallback(callback: CarrierCallback): Promise<CarrierReport | null>;
  /**
   * The simulator runs its carrier's clock (reports outcomes and replies when due) until the
   * answer is called; a real carrier runs on its own and has nothing here.
   */
  run?(intervalMs?: number): () => void;
};

/**
 * Why the carrier did not take a call or a message:
 * - `opted_out`: the number told the carrier STOP (Twilio 21610);
 * - `invalid_number`: the destination or the sender is not a valid number (21211, 21212);
 * - `sender_not_capable`: the practice's number cannot send this (21606);
 * - `throttled`: the carrier asks to slow down (429): nothing was sent, it may be tried later;
 * - `outcome_unknown`: the request went out and no answer came back (a network error, a 5xx).
 *   The call or message may exist: it is never sent again blindly (a second call, a second bill),
 *   the carrier's status callback tells what happened;
 * - `unavailable`: the carrier refused for another reason; nothing was sent.
 */
export type TelephonyFailure = 'opted_out' | 'invalid_number' | 'sender_not_capable' | 'throttled' | 'outcome_unknown' | 'unavailable';

const texts: Record<TelephonyFailure, string> = {
  opted_out: 'The carrier refused: this number has replied STOP and receives no text messages from the practice.',
  invalid_number: 'The carrier refused: the number is not a valid phone number.',
  sender_not_capable: "The carrier refused: the practice's number cannot send this.",
  throttled: 'The carrier asked to slow down; nothing was sent, it can be tried again shortly.',
  outcome_unknown: "The carrier's answer was lost; its report will tell whether it was sent. It is not sent again meanwhile.",
  unavailable: 'The carrier did not take it; nothing was sent.',
};

/** Whether nothing reached the carrier, so another try cannot make a second call or message. */
export const nothingSent = (reason: TelephonyFailure) => reason !== 'outcome_unknown';

/**
 * Telephony's one error type. `reason` and its text are for people; the vendor's error stays in
 * `cause` and `carrierCode` (Twilio's error code), never sent to the client.
 */
export class TelephonyError extends Error {
  constructor(
    readonly reason: TelephonyFailure,
    options?: { cause?: unknown; carrierCode?: number },
  ) {
    super(texts[reason], options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'TelephonyError';
    this.carrierCode = options?.carrierCode ?? null;
  }

  readonly carrierCode: number | null;
}

/** The reason for a Twilio error code (also what the simulator answers, as Twilio would). */
export function reasonOfCarrierCode(code: number | undefined, status: number | undefined): TelephonyFailure {
  if (code === 21610) return 'opted_out';
  if (code === 21211 || code === 21212 || code === 21614 || code === 21217) return 'invalid_number';
  if (code === 21606 || code === 21659) return 'sender_not_capable';
  if (status === 429 || code === 20429) return 'throttled';
  if (status !== undefined && status >= 500) return 'outcome_unknown';
  return 'unavailable';
}

/**
 * A verified callback's fields read as a report: Twilio's parameter names (CallSid, CallStatus,
 * MessageSid, MessageStatus, Body…), which the simulator speaks too. Null: none the portal knows.
 */
export function reportOf(params: Readonly<Record<string, string>>): CarrierReport | null {
  const callStatus = params.CallStatus as CallStatus | undefined;
  if (params.CallSid && callStatus && callStatuses.includes(callStatus)) {
    const duration = Number.parseInt(params.CallDuration ?? '', 10);
    return {
      kind: 'call-status',
      carrierId: params.CallSid,
      status: callStatus,
      from: params.From ?? '',
      to: params.To ?? '',
      durationSeconds: Number.isFinite(duration) ? duration : null,
      ...(params.AnsweredBy ? { answeredBy: params.AnsweredBy } : {}),
    };
  }
  const sid = params.MessageSid ?? params.SmsSid;
  if (!sid) return null;
  const status = (params.MessageStatus ?? params.SmsStatus) as MessageStatus | 'received' | undefined;
  if (status === 'received' || (status === undefined && params.Body !== undefined)) {
    return { kind: 'inbound-message', carrierId: sid, from: params.From ?? '', to: params.To ?? '', body: params.Body ?? '' };
  }
  if (status && messageStatuses.includes(status)) return { kind: 'message-status', carrierId: sid, status, errorCode: params.ErrorCode || null };
  return null;
}
