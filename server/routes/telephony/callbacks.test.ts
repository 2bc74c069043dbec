import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interactions, telephonyAttempts, telephonyOptOuts } from '../../db/schema/index.ts';
import { interactionIdOf } from '../../interactions/ingest.ts';
import { carrierSignature, type SimulatedTelephony } from '../../integrations/telephony/simulator.ts';
import { seedId } from '../../seed/seed.ts';
import { createHarness } from '../../test/harness.ts';
import { send } from '../../telephony/outbox.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
let carrier: SimulatedTelephony;
const riverside = seedId('account:riverside');
const from = '+14155550100';

beforeAll(async () => {
  h = await createHarness();
  carrier = h.deps.telephony as SimulatedTelephony;
}, 120_000);
afterAll(() => h.close());

/** Posts a callback as the carrier does: a form, signed over the URL the route sees. */
async function post(path: string, params: Record<string, string>, signature?: string) {
  // Signed over the URL the platform gave the carrier: the portal's address and the API's path.
  const url = `http://localhost/api${path}`;
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  headers['X-Twilio-Signature'] = signature ?? carrierSignature(await carrier.authToken(), url, params);
  return h.api.request(path, { method: 'POST', headers, body: new URLSearchParams(params) });
}

describe('telephony callbacks (before sign-in, signed by the carrier)', () => {
  it("records a call's outcome on its attempt; a forged or altered one is refused with 403 and writes nothing", async () => {
    const { attempt } = await send(h.db, carrier, 'http://localhost', { accountId: riverside, key: 'callback-test', kind: 'call', from, to: '+16285550142' });
    const path = `/telephony/callbacks/status/${riverside}/${attempt.id}`;
    const params = { CallSid: attempt.carrierId!, CallStatus: 'completed', CallDuration: '61', From: from, To: '+16285550142' };

    const forged = await post(path, params, 'bm90IHRoZSBjYXJyaWVy');
    expect(forged.status).toBe(403);
    const body = await forged.text();
    // Never echoes what was sent.
    expect(body).not.toContain(attempt.carrierId!);
    expect(body).not.toContain('16285550142');
    const altered = await post(path, { ...params, CallStatus: 'busy' }, carrierSignature(await carrier.authToken(), `http://localhost/api${path}`, params));
    expect(altered.status).toBe(403);
    const [before] = await h.db.select().from(telephonyAttempts).where(eq(telephonyAttempts.id, attempt.id));
    expect(before!.status).toBe('sent');

    expect((await post(path, params)).status).toBe(204);
    const [after] = await h.db.select().from(telephonyAttempts).where(eq(telephonyAttempts.id, attempt.id));
    expect(after).toMatchObject({ status: 'completed', durationSeconds: 61 });
  });

  it('a call the platform places (not a masked one) is in the call history at once, ringing, and its report ends it there: one leg, its events, the same row (issue 42)', async () => {
    const to = '+16285550143';
    const { attempt } = await send(h.db, carrier, 'http://localhost', { accountId: riverside, key: 'history-test', kind: 'call', from, to });
    const id = interactionIdOf(riverside, attempt.carrierId!);
    const read = async () => {
      const res = await h.call('manager', `/interactions/interactions/${id}?accountId=${riverside}`);
      expect(res.status).toBe(200);
      return (await res.json()) as { direction: string; status: string; endTimestamp: string | null; patient: { contactNumber: string }; integrationAssociations: { system: string; leg: number }[]; events: { type: string; leg: number }[] };
    };
    expect(await read()).toMatchObject({ direction: 'outbound', status: 'queued', endTimestamp: null, patient: { contactNumber: to }, events: [{ type: 'outbound', leg: 1 }] });

    const path = `/telephony/callbacks/status/${riverside}/${attempt.id}`;
    expect((await post(path, { CallSid: attempt.carrierId!, CallStatus: 'completed', CallDuration: '42', From: from, To: to })).status).toBe(204);
    const ended = await read();
    expect(ended).toMatchObject({ direction: 'outbound', status: 'completed', integrationAssociations: [{ system: 'Telephony', leg: 1 }] });
    expect(ended.endTimestamp).not.toBeNull();
    expect(ended.events.map((e) => e.type)).toEqual(['outbound', 'connectedToCustomer', 'disconnect']);
    const rows = await h.db.select({ id: interactions.id }).from(interactions).where(and(eq(interactions.accountId, riverside), eq(interactions.externalId, attempt.carrierId!)));
    expect(rows).toEqual([{ id }]);
  });

  it('a text is not a call: nothing in the call history', async () => {
    const { attempt } = await send(h.db, carrier, 'http://localhost', { accountId: riverside, key: 'history-text', kind: 'message', from, to: '+16285550144', body: 'Hello' });
    expect(attempt.status).toBe('sent');
    expect(await h.db.select().from(interactions).where(and(eq(interactions.accountId, riverside), eq(interactions.externalId, attempt.carrierId!)))).toEqual([]);
  });

  it('answers an unknown attempt, a malformed id and another account alike with 404', async () => {
    const params = { CallSid: `CA${'1'.repeat(32)}`, CallStatus: 'completed' };
    for (const path of [
      `/telephony/callbacks/status/${riverside}/00000000-0000-4000-8000-000000000000`,
      `/telephony/callbacks/status/${riverside}/not-an-id`,
      `/telephony/callbacks/status/${seedId('account:lakeside')}/00000000-0000-4000-8000-000000000000`,
    ]) {
      expect((await post(path, params)).status).toBe(404);
    }
  });

  it('answers bad input, signed or not, without quoting any of it', async () => {
    const marker = 'zq7echoMarker';
    const paths = [`/telephony/callbacks/status/${riverside}/${marker}`, `/telephony/callbacks/status/${marker}/${marker}`, '/telephony/callbacks/inbound'];
    for (const path of paths) {
      const bodies: Record<string, string>[] = [{ CallSid: marker, CallStatus: marker }, { MessageSid: marker, Body: marker, From: marker, To: marker }, { [marker]: marker }];
      for (const params of bodies) {
        // Forged (refused), and signed by the carrier (a callback of no shape the portal knows: taken as nothing).
        for (const signature of [marker, undefined]) {
          const res = await post(path, params, signature);
          if (signature) expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          expect(await res.text()).not.toContain(marker);
        }
      }
      const json = await h.api.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ Body: marker }) });
      expect(json.status).toBeLessThan(500);
      expect(await json.text()).not.toContain(marker);
    }
  });

  it('refuses what is not a form, and a body past its limit', async () => {
    const json = await h.api.request('/telephony/callbacks/inbound', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"Body":"STOP"}' });
    expect(json.status).toBe(400);
    const large = await post('/telephony/callbacks/inbound', { Body: 'x'.repeat(20_000) });
    expect(large.status).toBe(413);
  });

  it("a patient's STOP to a practice's Twilio number puts them on that practice's opt-out list", async () => {
    // The demo's Riverside front desk number is a Twilio number (a contact point).
    const numbers = await h.db.execute<{ normalized_value: string }>(
      "select normalized_value from contact_points where account_id = '" + riverside + "' and service_provider = 'Twilio' and deleted_at is null and system in ('PHONE','SMS') limit 1",
    );
    const practiceNumber = numbers.rows[0]?.normalized_value;
    expect(practiceNumber).toBeDefined();
    const patient = '+16285550177';
    const reply = { MessageSid: `SM${'5'.repeat(32)}`, SmsStatus: 'received', From: patient, To: practiceNumber!, Body: 'STOP' };
    expect((await post('/telephony/callbacks/inbound', reply, 'forged')).status).toBe(403);
    expect(await h.db.select().from(telephonyOptOuts).where(eq(telephonyOptOuts.number, patient))).toEqual([]);
    expect((await post('/telephony/callbacks/inbound', reply)).status).toBe(204);
    const listed = await h.db.select().from(telephonyOptOuts).where(and(eq(telephonyOptOuts.number, patient), eq(telephonyOptOuts.accountId, riverside)));
    expect(listed).toHaveLength(1);
  });
});
