import { describe, expect, it } from 'vitest';
import { TelephonyError, type Telephony, type TelephonyFailure } from './port.ts';

/** What a contract run needs from an adapter's test: the adapter, numbers that behave as named, and the carrier's signing. */
export type TelephonyWorld = {
  telephony: Telephony;
  /** A sender the carrier takes, and a patient it reaches. */
  from: string;
  to: string;
  /** A destination the carrier refuses as no valid number. */
  invalidTo: string;
  /** A patient who replied STOP to `from`: the carrier refuses texts to them. */
  optedOutTo: string;
  /** A sender that cannot send texts. */
  incapableFrom: string;
  /** The signature the carrier puts on a callback to `url` with `params`. */
  sign(url: string, params: Record<string, string>): Promise<string>;
};

const callback = 'https://portal.example/api/telephony/callbacks/status/0b1c';

async function refusal(work: Promise<unknown>): Promise<TelephonyFailure> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TelephonyError);
  // People read the reason; the carrier's own words stay out of it.
  expect((error as TelephonyError).message).toMatch(/^The carrier/);
  return (error as TelephonyError).reason;
}

/**
 * Telephony's contract: the same expectations for the simulator and for every real adapter
 * (architecture "Integrations"). `world` is called before each test.
 */
export function describeTelephonyContract(name: string, world: () => Promise<TelephonyWorld> | TelephonyWorld) {
  describe(`telephony contract: ${name}`, () => {
    it("places a call and a masked call and answers the carrier's id for each", async () => {
      const { telephony, from, to } = await world();
      const call = await telephony.placeCall({ from, to, statusCallbackUrl: callback, ringTimeoutSeconds: 25 });
      expect(call.carrierId).toMatch(/^CA[0-9a-f]{32}$/);
      const masked = await telephony.placeCall({ from, to, bridgeTo: '+14155550123', timeLimitSeconds: 600, ringTimeoutSeconds: 25, statusCallbackUrl: callback });
      expect(masked.carrierId).toMatch(/^CA[0-9a-f]{32}$/);
    });

    it("sends a text message and answers the carrier's id", async () => {
      const { telephony, from, to } = await world();
      const sent = await telephony.sendMessage({ from, to, body: 'Your appointment is tomorrow at 9:00.', statusCallbackUrl: callback });
      expect(sent.carrierId).toMatch(/^SM[0-9a-f]{32}$/);
    });

    it('refuses an invalid number, an opted-out patient and an incapable sender, each with its reason', async () => {
      const { telephony, from, to, invalidTo, optedOutTo, incapableFrom } = await world();
      expect(await refusal(telephony.sendMessage({ from, to: invalidTo, body: 'Hello', statusCallbackUrl: callback }))).toBe('invalid_number');
      expect(await refusal(telephony.placeCall({ from, to: invalidTo, statusCallbackUrl: callback }))).toBe('invalid_number');
      expect(await refusal(telephony.sendMessage({ from, to: optedOutTo, body: 'Hello', statusCallbackUrl: callback }))).toBe('opted_out');
      expect(await refusal(telephony.sendMessage({ from: incapableFrom, to, body: 'Hello', statusCallbackUrl: callback }))).toBe('sender_not_capable');
    });

    it("reads a callback signed by the carrier, and refuses one whose signature, URL or fields are not the carrier's", async () => {
      const { telephony, sign, from, to } = await world();
      const params = { CallSid: `CA${'1'.repeat(32)}`, CallStatus: 'completed', CallDuration: '42', From: from, To: to, AccountSid: `AC${'2'.repeat(32)}` };
      const signature = await sign(callback, params);
      expect(await telephony.readCallback({ url: callback, signature, params })).toEqual({
        kind: 'call-status',
        carrierId: params.CallSid,
        status: 'completed',
        from,
        to,
        durationSeconds: 42,
      });
      expect(await telephony.readCallback({ url: callback, signature: undefined, params })).toBeNull();
      expect(await telephony.readCallback({ url: `${callback}x`, signature, params })).toBeNull();
      expect(await telephony.readCallback({ url: callback, signature, params: { ...params, CallStatus: 'busy' } })).toBeNull();
      expect(await telephony.readCallback({ url: callback, signature: signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')), params })).toBeNull();
    });

    it("reads a message's status and a patient's reply", async () => {
      const { telephony, sign, from, to } = await world();
      const status = { MessageSid: `SM${'3'.repeat(32)}`, MessageStatus: 'undelivered', ErrorCode: '30003', From: from, To: to };
      expect(await telephony.readCallback({ url: callback, signature: await sign(callback, status), params: status })).toEqual({
        kind: 'message-status',
        carrierId: status.MessageSid,
        status: 'undelivered',
        errorCode: '30003',
      });
      const reply = { MessageSid: `SM${'4'.repeat(32)}`, SmsStatus: 'received', From: to, To: from, Body: 'Stop' };
      expect(await telephony.readCallback({ url: callback, signature: await sign(callback, reply), params: reply })).toEqual({
        kind: 'inbound-message',
        carrierId: reply.MessageSid,
        from: to,
        to: from,
        body: 'Stop',
      });
    });
  });
}
