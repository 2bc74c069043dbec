/**
 * Telephony through Twilio (issue 42), with Twilio's own helper library (`twilio` 6.x).
 *
 * A create (a call, a message) is sent once: the library's automatic retry is off, and a network
 * error or a 5xx is `outcome_unknown` (the call may exist; a retry would be a second call and a
 * second bill). What happened is learnt from Twilio's status callback, whose `X-Twilio-Signature`
 * is checked with the library's `validateRequest` before anything is read from it.
 *
 * The library is loaded on first use, so a portal running the simulator never loads it.
 */
import type { RequestClient } from 'twilio';
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

export type TwilioOptions = {
  accountSid: string;
  authToken: string;
  /** Tests: the library's own `httpClient` hook, answering recorded Twilio answers without network. */
  httpClient?: Pick<RequestClient, 'request'>;
};

type TwilioModule = typeof import('twilio');

let loaded: Promise<TwilioModule> | null = null;
const library = () => (loaded ??= import('twilio').then((module) => ((module as { default?: TwilioModule }).default ?? module) as TwilioModule));

/** A Twilio error as the library throws it (RestException): its HTTP status and Twilio's code. */
function failureOf(error: unknown): TelephonyError {
  const { status, code } = (error ?? {}) as { status?: unknown; code?: unknown };
  if (typeof status === 'number') {
    return new TelephonyError(reasonOfCarrierCode(typeof code === 'number' ? code : undefined, status), {
      cause: error,
      ...(typeof code === 'number' ? { carrierCode: code } : {}),
    });
  }
  // No answer at all (refused, reset, timed out): the request may have reached Twilio.
  return new TelephonyError('outcome_unknown', { cause: error });
}

export function createTwilio(options: TwilioOptions): Telephony {
  let client: Promise<ReturnType<TwilioModule>> | null = null;
  const twilio = () =>
    (client ??= library().then((lib) =>
      lib(options.accountSid, options.authToken, {
        httpClient: (options.httpClient as RequestClient | undefined) ?? new lib.RequestClient({ autoRetry: false, timeout: 15_000 }),
        autoRetry: false,
      }),
    ));

  const voiceResponse = async (call: OutboundCall): Promise<string> => {
    const lib = await library();
    const response = new lib.twiml.VoiceResponse();
    if (call.bridgeTo) {
      // The patient answered: dial the practice, showing the platform's number on both sides.
      const dial = response.dial({ callerId: call.from, ...(call.timeLimitSeconds ? { timeLimit: call.timeLimitSeconds } : {}), ...(call.ringTimeoutSeconds ? { timeout: call.ringTimeoutSeconds } : {}) });
      dial.number(call.bridgeTo);
    } else {
      response.pause({ length: 1 });
    }
    return response.toString();
  };

  return {
    kind: 'twilio',

    async placeCall(call: OutboundCall): Promise<Placed> {
      const [api, twiml] = await Promise.all([twilio(), voiceResponse(call)]);
      try {
        const created = await api.calls.create({
          to: call.to,
          from: call.from,
          twiml,
          statusCallback: call.statusCallbackUrl,
          statusCallbackMethod: 'POST',
          statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
          ...(call.ringTimeoutSeconds ? { timeout: call.ringTimeoutSeconds } : {}),
          ...(call.timeLimitSeconds ? { timeLimit: call.timeLimitSeconds } : {}),
        });
        return { carrierId: created.sid };
      } catch (error) {
        throw failureOf(error);
      }
    },

    async sendMessage(message: OutboundMessage): Promise<Placed> {
      const api = await twilio();
      try {
        const created = await api.messages.create({ to: message.to, from: message.from, body: message.body, statusCallback: message.statusCallbackUrl });
        return { carrierId: created.sid };
      } catch (error) {
        throw failureOf(error);
      }
    },

    async readCallback(callback: CarrierCallback): Promise<CarrierReport | null> {
      if (!callback.signature) return null;
      const lib = await library();
      if (!lib.validateRequest(options.authToken, callback.signature, callback.url, { ...callback.params })) return null;
      return reportOf(callback.params);
    },
  };
}
