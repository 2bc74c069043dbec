import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../db/client.ts';
import { accounts, auditLog, contactPoints, telephonyAttempts, telephonyOptOuts } from '../db/schema/index.ts';
import { carrierSignature, createSimulatedTelephony, type SimulatedTelephony } from '../integrations/telephony/simulator.ts';
import { TelephonyError, type OutboundCall, type OutboundMessage, type Telephony } from '../integrations/telephony/port.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { markStranded, recordInbound, recordStatus, refusals, send } from './outbox.ts';

let testDb: TestDatabase;
let database: Database;
let carrier: SimulatedTelephony;
const practice = '11111111-1111-4111-8111-111111111111';
const other = '22222222-2222-4222-8222-222222222222';
const platformNumber = '+14155550100';
const base = 'https://portal.example';

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = connect(testDb.url);
  await database.db.insert(accounts).values([
    { id: practice, name: 'Practice', createdBy: 'test', modifiedBy: 'test' },
    { id: other, name: 'Other practice', createdBy: 'test', modifiedBy: 'test' },
  ]);
  // The practice's Twilio number (the other practice has none).
  await database.db.insert(contactPoints).values({
    accountId: practice,
    name: 'Front desk line',
    value: '(415) 555-0100',
    normalizedValue: platformNumber,
    system: 'PHONE',
    serviceProvider: 'Twilio',
    rank: 1,
    createdBy: 'test',
    modifiedBy: 'test',
  });
  carrier = createSimulatedTelephony(database.db, { failureRate: 0, outcomeMs: 0 });
}, 120_000);
afterAll(async () => {
  await database.close();
  await testDb.drop();
});

let count = 0;
const patient = () => `+1628555${String(2000 + ++count).slice(-4)}`;

/** The carrier, counting what it is asked. */
function counting(inner: Telephony) {
  const asked: (OutboundCall | OutboundMessage)[] = [];
  const telephony: Telephony = {
    kind: inner.kind,
    placeCall: (call) => (asked.push(call), inner.placeCall(call)),
    sendMessage: (message) => (asked.push(message), inner.sendMessage(message)),
    readCallback: (callback) => inner.readCallback(callback),
  };
  return { telephony, asked };
}

const attemptOf = async (id: string) => (await database.db.select().from(telephonyAttempts).where(eq(telephonyAttempts.id, id)))[0]!;

describe('telephony outbox', () => {
  it('sends once per key: the same key again answers the first attempt and asks the carrier nothing', async () => {
    const { telephony, asked } = counting(carrier);
    const request = { accountId: practice, key: `reminder:${count}`, kind: 'message' as const, from: platformNumber, to: patient(), body: 'Your visit is tomorrow.' };
    const first = await send(database.db, telephony, base, request);
    expect(first.fresh).toBe(true);
    expect(first.attempt.status).toBe('sent');
    expect(first.attempt.carrierId).toMatch(/^SM/);
    // Five more at once (a job run again, two processes): still one text.
    const again = await Promise.all(Array.from({ length: 5 }, () => send(database.db, telephony, base, request)));
    expect(again.map((a) => a.fresh)).toEqual([false, false, false, false, false]);
    expect(new Set(again.map((a) => a.attempt.id))).toEqual(new Set([first.attempt.id]));
    expect(asked).toHaveLength(1);
    // The same key in another account is another attempt.
    await send(database.db, telephony, base, { ...request, accountId: other });
    expect(asked).toHaveLength(2);
  });

  it('refuses, without asking the carrier, a number outside the US and Canada and an empty text', async () => {
    const { telephony, asked } = counting(carrier);
    const abroad = await send(database.db, telephony, base, { accountId: practice, key: 'abroad', kind: 'call', from: platformNumber, to: '+442071838750' });
    expect(abroad.attempt).toMatchObject({ status: 'refused', reason: refusals.notDomestic });
    const service = await send(database.db, telephony, base, { accountId: practice, key: 'n11', kind: 'message', from: platformNumber, to: '+19115550100', body: 'Hi' });
    expect(service.attempt).toMatchObject({ status: 'refused', reason: refusals.notDomestic });
    const premium = await send(database.db, telephony, base, { accountId: practice, key: 'premium', kind: 'call', from: platformNumber, to: patient(), bridgeTo: '+19005550100' });
    expect(premium.attempt).toMatchObject({ status: 'refused', reason: refusals.notDomestic });
    const empty = await send(database.db, telephony, base, { accountId: practice, key: 'empty', kind: 'message', from: platformNumber, to: patient(), body: '  ' });
    expect(empty.attempt).toMatchObject({ status: 'refused', reason: refusals.emptyText });
    expect(asked).toEqual([]);
  });

  it("a patient's STOP puts the number on the practice's list: no text, no call reaches it; START takes it off", async () => {
    const { telephony, asked } = counting(carrier);
    const number = patient();
    const reply = async (body: string) => {
      const params = { MessageSid: `SM${String(count).padStart(32, '0')}`, SmsStatus: 'received', From: number, To: platformNumber, Body: body };
      const url = `${base}/api/telephony/callbacks/inbound`;
      return recordInbound(database.db, carrier, { url, signature: carrierSignature(await carrier.authToken(), url, params), params });
    };
    await reply('Stop');
    const listed = await database.db.select().from(telephonyOptOuts).where(eq(telephonyOptOuts.number, number));
    // Only the practice that sends from that number.
    expect(listed.map((row) => [row.accountId, row.source, row.via])).toEqual([[practice, 'reply', platformNumber]]);
    // The change is in the practice's System log, written by the Telephony system actor.
    const logged = await database.db.select().from(auditLog).where(and(eq(auditLog.accountId, practice), eq(auditLog.resourceType, 'OptOut')));
    expect(logged.map((entry) => [entry.action, entry.actorId, entry.actorName])).toEqual([['create', 'system:telephony', 'Telephony']]);
    const text = await send(database.db, telephony, base, { accountId: practice, key: `after-stop:${number}`, kind: 'message', from: platformNumber, to: number, body: 'Reminder' });
    expect(text.attempt).toMatchObject({ status: 'refused', reason: refusals.optedOut });
    const call = await send(database.db, telephony, base, { accountId: practice, key: `call-after-stop:${number}`, kind: 'call', from: platformNumber, to: number });
    expect(call.attempt.status).toBe('refused');
    // A call the patient asked for themselves (the masking page) still goes.
    const asked1 = await send(database.db, telephony, base, { accountId: practice, key: `masked:${number}`, kind: 'call', from: platformNumber, to: number, bridgeTo: '+14155550123', patientRequested: true });
    expect(asked1.attempt.status).toBe('sent');
    expect(asked).toHaveLength(1);
    // An ordinary reply changes nothing; START takes the number off.
    await reply('Thanks, see you then');
    expect(await database.db.select().from(telephonyOptOuts).where(eq(telephonyOptOuts.number, number))).toHaveLength(1);
    await reply('start');
    expect(await database.db.select().from(telephonyOptOuts).where(eq(telephonyOptOuts.number, number))).toEqual([]);
    const later = await send(database.db, telephony, base, { accountId: practice, key: `after-start:${number}`, kind: 'message', from: platformNumber, to: number, body: 'Reminder' });
    expect(later.attempt.status).toBe('sent');
  });

  it("a forged reply writes nothing", async () => {
    const number = patient();
    const params = { MessageSid: `SM${'9'.repeat(32)}`, SmsStatus: 'received', From: number, To: platformNumber, Body: 'STOP' };
    const url = `${base}/api/telephony/callbacks/inbound`;
    expect(await recordInbound(database.db, carrier, { url, signature: carrierSignature('not-the-carriers-secret', url, params), params })).toBeNull();
    expect(await database.db.select().from(telephonyOptOuts).where(eq(telephonyOptOuts.number, number))).toEqual([]);
  });

  it("the carrier's report lands on its attempt; a forged one and one for another account write nothing; a late non-final status never replaces a final one", async () => {
    const sent = await send(database.db, carrier, base, { accountId: practice, key: `report:${count}`, kind: 'call', from: platformNumber, to: patient() });
    const id = sent.attempt.id;
    const url = `${base}/api/telephony/callbacks/status/${practice}/${id}`;
    const signed = async (params: Record<string, string>) => ({ url, signature: carrierSignature(await carrier.authToken(), url, params), params });
    const call = (status: string) => ({ CallSid: sent.attempt.carrierId!, CallStatus: status, CallDuration: '30', From: platformNumber, To: '+16285550000' });

    expect(await recordStatus(database.db, carrier, practice, id, { ...(await signed(call('completed'))), signature: 'forged' })).toBe('forged');
    expect((await attemptOf(id)).status).toBe('sent');
    expect(await recordStatus(database.db, carrier, other, id, await signed(call('completed')))).toBe('unknown');
    expect((await attemptOf(id)).status).toBe('sent');

    expect(await recordStatus(database.db, carrier, practice, id, await signed(call('completed')))).toBe('recorded');
    expect(await attemptOf(id)).toMatchObject({ status: 'completed', durationSeconds: 30 });
    await recordStatus(database.db, carrier, practice, id, await signed(call('ringing')));
    expect((await attemptOf(id)).status).toBe('completed');
  });

  it("a carrier that does not answer leaves the attempt outcome_unknown, never sent again; its report later tells the carrier's id", async () => {
    const lost: Telephony = {
      ...carrier,
      kind: 'simulator',
      placeCall: async () => {
        throw new TelephonyError('outcome_unknown');
      },
    };
    const { telephony, asked } = counting(lost);
    const request = { accountId: practice, key: `lost:${count}`, kind: 'call' as const, from: platformNumber, to: patient() };
    const first = await send(database.db, telephony, base, request);
    expect(first.attempt.status).toBe('outcome_unknown');
    await send(database.db, telephony, base, request);
    expect(asked).toHaveLength(1);
    const url = `${base}/api/telephony/callbacks/status/${practice}/${first.attempt.id}`;
    const params = { CallSid: `CA${'7'.repeat(32)}`, CallStatus: 'no-answer', From: platformNumber, To: request.to };
    await recordStatus(database.db, carrier, practice, first.attempt.id, { url, signature: carrierSignature(await carrier.authToken(), url, params), params });
    expect(await attemptOf(first.attempt.id)).toMatchObject({ status: 'no-answer', carrierId: params.CallSid });
  });

  it('the carrier refusing (a 21610) is a refused attempt with its reason, nothing sent', async () => {
    // Twilio's test number of a recipient who replied STOP.
    const sent = await send(database.db, carrier, base, { accountId: practice, key: 'magic-opted-out', kind: 'message', from: platformNumber, to: '+15005550004', body: 'Hello' });
    expect(sent.attempt).toMatchObject({ status: 'refused', reason: expect.stringMatching(/replied STOP/) });
    const stopped = patient();
    await carrier.receiveMessage({ from: stopped, to: platformNumber, body: 'STOP' });
    // The carrier knows the STOP (its own list) before the platform heard of it.
    const refused = await send(database.db, carrier, base, { accountId: practice, key: `carrier-stop:${stopped}`, kind: 'message', from: platformNumber, to: stopped, body: 'Hello' });
    expect(refused.attempt.status).toBe('refused');
    expect(refused.attempt.reason).toMatch(/replied STOP/);
    expect((await attemptOf(refused.attempt.id)).carrierCode).toBe('21610');
  });

  it('an attempt left pending by a crash becomes outcome_unknown and is never sent again', async () => {
    const key = `stranded:${count}`;
    const [row] = await database.db
      .insert(telephonyAttempts)
      .values({ accountId: practice, key, kind: 'message', fromNumber: platformNumber, toNumber: patient(), body: 'Hi', createdAt: new Date(Date.now() - 10 * 60_000) })
      .returning();
    expect(await markStranded(database.db)).toBeGreaterThanOrEqual(1);
    expect((await attemptOf(row!.id)).status).toBe('outcome_unknown');
    const { telephony, asked } = counting(carrier);
    const again = await send(database.db, telephony, base, { accountId: practice, key, kind: 'message', from: platformNumber, to: row!.toNumber, body: 'Hi' });
    expect(again).toMatchObject({ fresh: false, attempt: { status: 'outcome_unknown' } });
    expect(asked).toEqual([]);
    // A fresh pending attempt (being sent right now) is left alone.
    const [fresh] = await database.db.insert(telephonyAttempts).values({ accountId: practice, key: `${key}:new`, kind: 'message', fromNumber: platformNumber, toNumber: patient() }).returning();
    await markStranded(database.db);
    expect((await attemptOf(fresh!.id)).status).toBe('pending');
    await database.db.delete(telephonyAttempts).where(and(eq(telephonyAttempts.accountId, practice), eq(telephonyAttempts.id, fresh!.id)));
  });
});
