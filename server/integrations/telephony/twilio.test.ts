import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { describeTelephonyContract } from './contract.ts';
import { TelephonyError } from './port.ts';
import { createTwilio } from './twilio.ts';
import { accountSid, authToken, callCreated, errors, messageCreated } from './twilio.answers.ts';

type Sent = { method: string; uri: string; data: Record<string, unknown> };
type Answer = { status: number; body: unknown } | Error;

/**
 * Twilio's library with its own `httpClient` hook answering recorded answers (twilio.answers.ts),
 * chosen by the numbers of the request as Twilio's test credentials choose them; every request is kept.
 */
function recordedTwilio(answer?: (sent: Sent) => Answer | undefined) {
  const sent: Sent[] = [];
  const httpClient = {
    async request(opts: { method: string; uri: string; data?: Record<string, unknown> }) {
      const request = { method: opts.method, uri: opts.uri, data: opts.data ?? {} };
      sent.push(request);
      const chosen = answer?.(request) ?? byNumbers(request);
      if (chosen instanceof Error) throw chosen;
      return { statusCode: chosen.status, body: JSON.stringify(chosen.body), headers: {} };
    },
  };
  return { telephony: createTwilio({ accountSid, authToken, httpClient: httpClient as never }), sent };
}

function byNumbers({ uri, data }: Sent): { status: number; body: unknown } {
  const to = String(data.To);
  const from = String(data.From);
  if (to === '+15005550001') return errors.invalidTo;
  if (from === '+15005550001') return errors.invalidFrom;
  if (from === '+15005550007') return errors.senderNotCapable;
  if (uri.endsWith('/Messages.json')) {
    if (to === '+15005550004') return errors.unsubscribed;
    return { status: 201, body: { ...messageCreated, from, to, body: data.Body } };
  }
  return { status: 201, body: { ...callCreated, from, to } };
}

describeTelephonyContract('Twilio (recorded answers)', () => ({
  telephony: recordedTwilio().telephony,
  from: '+15005550006',
  to: '+14155552671',
  invalidTo: '+15005550001',
  optedOutTo: '+15005550004',
  incapableFrom: '+15005550007',
  sign: async (url, params) => twilio.getExpectedTwilioSignature(authToken, url, params),
}));

describe('Twilio adapter', () => {
  const call = { from: '+15005550006', to: '+14155552671', statusCallbackUrl: 'https://portal.example/api/telephony/callbacks/status/a1' };

  it("creates the call on the account's Calls resource with its status callback, and a masked call dials the practice showing only the platform's number", async () => {
    const { telephony, sent } = recordedTwilio();
    await telephony.placeCall({ ...call, bridgeTo: '+14155550123', timeLimitSeconds: 600, ringTimeoutSeconds: 25 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method.toUpperCase()).toBe('POST');
    expect(sent[0]!.uri).toBe(`https://api.twilio.com/2010-04-01/Accounts/${accountSid}/Calls.json`);
    const data = sent[0]!.data;
    expect(data).toMatchObject({ To: call.to, From: call.from, StatusCallback: call.statusCallbackUrl, StatusCallbackMethod: 'POST', Timeout: 25, TimeLimit: 600 });
    expect(data.Twiml).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Dial callerId="+15005550006" timeLimit="600" timeout="25"><Number>+14155550123</Number></Dial></Response>');
  });

  it('sends a text with its status callback', async () => {
    const { telephony, sent } = recordedTwilio();
    await telephony.sendMessage({ ...call, body: 'See you <tomorrow> & bring your card' });
    expect(sent[0]!.uri).toBe(`https://api.twilio.com/2010-04-01/Accounts/${accountSid}/Messages.json`);
    expect(sent[0]!.data).toMatchObject({ To: call.to, From: call.from, Body: 'See you <tomorrow> & bring your card', StatusCallback: call.statusCallbackUrl });
  });

  it("keeps Twilio's code beside the reason, and says nothing of Twilio's own message", async () => {
    const { telephony } = recordedTwilio();
    const error = await telephony.sendMessage({ ...call, to: '+15005550004', body: 'Hi' }).catch((caught: unknown) => caught as TelephonyError);
    expect(error).toBeInstanceOf(TelephonyError);
    expect(error).toMatchObject({ reason: 'opted_out', carrierCode: 21610 });
    expect((error as TelephonyError).message).not.toMatch(/unsubscribed recipient/);
  });

  it('answers 429 as throttled: nothing was sent', async () => {
    const { telephony, sent } = recordedTwilio(() => errors.tooManyRequests);
    await expect(telephony.placeCall(call)).rejects.toMatchObject({ reason: 'throttled', carrierCode: 20429 });
    expect(sent).toHaveLength(1);
  });

  it('never sends a create twice: a network error and a 5xx are outcome_unknown after one request', async () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    for (const answer of [reset, errors.upstream]) {
      const { telephony, sent } = recordedTwilio(() => answer);
      await expect(telephony.placeCall(call)).rejects.toMatchObject({ reason: 'outcome_unknown' });
      await expect(telephony.sendMessage({ ...call, body: 'Hello' })).rejects.toMatchObject({ reason: 'outcome_unknown' });
      expect(sent).toHaveLength(2);
    }
  });
});
