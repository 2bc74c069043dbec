import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaskingPage, MaskingSession } from '../../../domain/masking.ts';
import { createApi } from '../../app.ts';
import { accounts, auditLog, contactPoints, interactions, maskingSessions, telephonyAttempts } from '../../db/schema/index.ts';
import { createSimulatedTelephony, type SimulatedTelephony } from '../../integrations/telephony/simulator.ts';
import { simTelephonySends } from '../../integrations/simulators/schema.ts';
import { interactionIdOf } from '../../interactions/ingest.ts';
import { seedId } from '../../seed/seed.ts';
import { createHarness } from '../../test/harness.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
/** The API with loose public limits (each test's own counts are not the point), behind one proxy (X-Forwarded-For names the client). */
let api: ReturnType<typeof createApi>;
const riverside = seedId('account:riverside');
let line: string;
let carrier: SimulatedTelephony;
let clients = 0;
const loose = { calls: { attempts: 1000, minutes: 10 }, session: { attempts: 1000, minutes: 10 }, destination: { attempts: 1000, minutes: 10 }, reads: { attempts: 1000, minutes: 10 } };

beforeAll(async () => {
  h = await createHarness();
  carrier = h.deps.telephony as SimulatedTelephony;
  api = createApi({ ...h.deps, trustProxyHops: 1, publicUrl: 'https://portal.example', publicPageLimits: { mask: loose } });
  const [front] = await h.db
    .select({ id: contactPoints.id })
    .from(contactPoints)
    .where(and(eq(contactPoints.accountId, riverside), eq(contactPoints.system, 'PHONE'), sql`${contactPoints.serviceProvider} <> 'Twilio'`, sql`${contactPoints.deletedAt} is null`))
    .limit(1);
  line = front!.id;
}, 120_000);
afterAll(() => h.close());

let patients = 0;
const patient = () => `(628) 555-${String(3000 + ++patients).slice(-4)}`;

async function create(body: Record<string, unknown> = {}, user: 'manager' | 'viewer' | 'admin' = 'manager') {
  const token = await h.token(user);
  return api.request(`/call_masking/sessions?accountId=${riverside}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ patientNumber: patient(), practiceContactPointId: line, ...body }),
  });
}
const session = async (body: Record<string, unknown> = {}) => {
  const res = await create(body);
  expect(res.status).toBe(201);
  return (await res.json()) as MaskingSession;
};
/** The patient's page, from a client address of its own. */
const page = (id: string, method: 'GET' | 'POST' = 'GET', client = `198.51.100.${++clients % 250}`) =>
  api.request(`/call_masking/callMask/${id}`, { method, headers: { 'X-Forwarded-For': client } });

describe('call masking: staff set up a session', () => {
  it('makes a session with an unguessable id, texts its link from the practice’s Twilio number, and logs it without the numbers', async () => {
    const created = await session();
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.link).toBe(`https://portal.example/mask/${created.id}`);
    expect(created).toMatchObject({ status: 'active', maxCalls: 3, callsUsed: 0, callTimeLimitMinutes: 30, ringTimeoutSeconds: 30, textStatus: 'sent' });
    expect(Date.parse(created.expiresAt) - Date.now()).toBeGreaterThan(71 * 3600_000);
    // The link went by text, from the practice's Twilio number, with no number in it.
    const [text] = await h.db.select().from(telephonyAttempts).where(and(eq(telephonyAttempts.accountId, riverside), eq(telephonyAttempts.key, `mask-link:${created.id}`)));
    expect(text).toMatchObject({ kind: 'message', fromNumber: created.callerNumber, toNumber: created.patientNumber, status: 'sent' });
    expect(text!.body).toContain(created.link);
    expect(text!.body).not.toMatch(/\+1\d{10}/);
    const [entry] = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceType, 'MaskingSession'), eq(auditLog.resourceId, created.id)));
    expect(entry).toMatchObject({ action: 'create', actorName: 'Maria Lopez' });
    expect(JSON.stringify(entry!.after)).not.toContain(created.patientNumber);
    // Ids differ every time (128 random bits).
    const other = await session({ sendText: false });
    expect(other.id).not.toBe(created.id);
    expect(other.textStatus).toBeNull();
  });

  it('refuses bad input with the field’s message, writes nothing, and never echoes it', async () => {
    const before = (await h.db.select({ n: sql<number>`count(*)::int` }).from(maskingSessions))[0]!.n;
    const marker = 'zq7echoMarker';
    const bad = await create({ patientNumber: `12${marker}` });
    expect(bad.status).toBe(400);
    const body = await bad.text();
    expect(body).toContain('Patient number must be a US phone number of 10 digits');
    expect(body).not.toContain(marker);
    const limits = await create({ maxCalls: 99 });
    expect(((await limits.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ maxCalls: 'Calls allowed must be a whole number from 1 to 10' });
    const fax = await create({ practiceContactPointId: seedId('no such contact point') });
    expect(fax.status).toBe(400);
    expect((await h.db.select({ n: sql<number>`count(*)::int` }).from(maskingSessions))[0]!.n).toBe(before);
  });

  it('is for roles that hold the grant: Read Only reads the sessions, but sets up and ends none', async () => {
    expect((await create({}, 'viewer')).status).toBe(403);
    const list = await h.call('viewer', `/call_masking/sessions?accountId=${riverside}`);
    expect(list.status).toBe(200);
    // The practice administrator lists the practice's sessions, newest first, each read in the access log.
    const made = await session({ sendText: false });
    const mine = await h.call('manager', `/call_masking/sessions?accountId=${riverside}`);
    expect(mine.status).toBe(200);
    const items = ((await mine.json()) as { items: MaskingSession[] }).items;
    expect(items[0]!.id).toBe(made.id);
    // Another account's administrator does not see it.
    const elsewhere = await h.call('admin', `/call_masking/sessions/${made.id}?accountId=${seedId('account:lakeside')}`);
    expect(elsewhere.status).toBe(404);
    const end = await h.call('viewer', `/call_masking/sessions/${made.id}?accountId=${riverside}`, { method: 'PATCH', json: { ended: true } });
    expect(end.status).toBe(403);
    expect((await page(made.id)).status).toBe(200);
  });
});

describe('call masking: the demo', () => {
  it('has masked call links of the practice in each state, named by their patients', async () => {
    const res = await h.call('manager', `/call_masking/sessions?accountId=${riverside}`);
    const items = ((await res.json()) as { items: MaskingSession[] }).items.filter((item) => item.createdBy === 'Astera seed');
    expect(new Set(items.map((item) => item.status))).toEqual(new Set(['active', 'used', 'expired', 'ended']));
    expect(items.filter((item) => item.personName !== null).length).toBeGreaterThan(0);
    const active = items.find((item) => item.status === 'active')!;
    expect((await page(active.id)).status).toBe(200);
    const ended = items.find((item) => item.status === 'ended')!;
    expect((await page(ended.id)).status).toBe(404);
  });
});

describe("call masking: the patient's page", () => {
  it('reads which practice calls and from which number, never the practice’s own line or the patient’s number', async () => {
    const created = await session({ sendText: false });
    const res = await page(created.id);
    expect(res.status).toBe(200);
    const shown = (await res.json()) as MaskingPage;
    expect(shown).toEqual({ practiceName: 'Riverside Family Practice', callerNumber: created.callerNumber, expiresAt: created.expiresAt, callsLeft: 3 });
    const [practiceLine] = await h.db.select({ number: maskingSessions.practiceNumber }).from(maskingSessions).where(eq(maskingSessions.id, created.id));
    expect(JSON.stringify(shown)).not.toContain(practiceLine!.number);
    expect(JSON.stringify(shown)).not.toContain(created.patientNumber);
  });

  it('calls the patient first, then bridges the practice’s line; each press one call of the allowance, then the link is used up', async () => {
    const created = await session({ sendText: false, maxCalls: 2 });
    const [stored] = await h.db.select().from(maskingSessions).where(eq(maskingSessions.id, created.id));
    const first = await page(created.id, 'POST');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'calling' });
    const calls = await h.db.select().from(telephonyAttempts).where(and(eq(telephonyAttempts.accountId, riverside), like(telephonyAttempts.key, `mask-call:${created.id}:%`)));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ kind: 'call', fromNumber: stored!.callerNumber, toNumber: stored!.patientNumber, bridgeTo: stored!.practiceNumber, status: 'sent' });
    expect((await page(created.id, 'POST')).status).toBe(200);
    // Used up: the same answer as an unknown link.
    const used = await page(created.id, 'POST');
    const unknown = await page('AAAAAAAAAAAAAAAAAAAAAA', 'POST');
    expect(used.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await used.json()).toEqual(await unknown.json());
    expect((await page(created.id)).status).toBe(404);
  });

  // (A NUL or a broken escape in the id is refused with 400 before any route, as for every path: issue 40.)
  it("the carrier's report of the call puts it in the call history: both legs, the patient, linked to the session", async () => {
    const created = await session({ sendText: false, maxCalls: 1 });
    expect((await page(created.id, 'POST')).status).toBe(200);
    const [call] = await h.db.select().from(telephonyAttempts).where(like(telephonyAttempts.key, `mask-call:${created.id}:%`));
    // The carrier's clock: its reports reach the portal's callback route, signed.
    const reporter = createSimulatedTelephony(h.db, {
      failureRate: 0,
      outcomeMs: 0,
      post: async (url, form, signature) =>
        (await api.request(url.replace('https://portal.example/api', ''), { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': signature }, body: form })).status,
    });
    await reporter.reportDue();
    const [reported] = await h.db.select().from(telephonyAttempts).where(eq(telephonyAttempts.id, call!.id));
    expect(reported!.status).toBe('completed');
    const res = await h.call('manager', `/interactions/interactions/${interactionIdOf(riverside, call!.carrierId!)}?accountId=${riverside}`);
    expect(res.status).toBe(200);
    const interaction = (await res.json()) as { integrationAssociations: { leg: number }[]; events: { type: string }[]; status: string };
    expect(interaction.integrationAssociations.map((a) => a.leg)).toEqual([1, 2]);
    expect(interaction.events.map((e) => e.type)).toEqual(['callback', 'connectedToSystem', 'external_outbound', 'disconnect']);
    expect(JSON.stringify(interaction)).toContain(created.id);
    expect(JSON.stringify(interaction)).toContain(created.patientNumber);
    // A repeated report makes no second call in the history.
    await h.db.update(simTelephonySends).set({ reportedAt: null }).where(eq(simTelephonySends.sid, call!.carrierId!));
    await reporter.reportDue();
    const rows = await h.db.select({ id: interactions.id }).from(interactions).where(and(eq(interactions.accountId, riverside), eq(interactions.externalId, call!.carrierId!)));
    expect(rows).toHaveLength(1);
  });

  it("links the session to a call of the account (set up from the call's page); an unknown or another account's call is a field error (issue 42)", async () => {
    const [call] = await h.db
      .insert(interactions)
      .values({ accountId: riverside, createdBy: 'test', modifiedBy: 'test', startTimestamp: new Date(), direction: 'inbound', status: 'completed', contactNumber: '+16285550199' })
      .returning({ id: interactions.id });
    const linked = await session({ sendText: false, interactionId: call!.id });
    expect(linked.interactionId).toBe(call!.id);
    const [elsewhere] = await h.db
      .insert(interactions)
      .values({ accountId: seedId('account:lakeside'), createdBy: 'test', modifiedBy: 'test', startTimestamp: new Date(), direction: 'inbound', status: 'completed' })
      .returning({ id: interactions.id });
    for (const interactionId of [elsewhere!.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await create({ sendText: false, interactionId });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ interactionId: 'Interaction does not exist' });
    }
  });

  it('answers an expired, an ended and a malformed link as an unknown one, and starts no call', async () => {
    const expired = await session({ sendText: false });
    await h.db.update(maskingSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(maskingSessions.id, expired.id));
    const ended = await session({ sendText: false });
    const empty = await h.call('manager', `/call_masking/sessions/${ended.id}?accountId=${riverside}`, { method: 'PATCH', json: {} });
    expect(empty.status).toBe(400);
    const end = await h.call('manager', `/call_masking/sessions/${ended.id}?accountId=${riverside}`, { method: 'PATCH', json: { ended: true } });
    expect(end.status).toBe(200);
    expect(((await end.json()) as MaskingSession).status).toBe('ended');
    const answers = await Promise.all([expired.id, ended.id, 'short', `${'x'.repeat(21)}.`].map(async (id) => {
      const res = await page(id, 'POST');
      return [res.status, await res.text()];
    }));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]![0]).toBe(404);
    const made = await h.db.select().from(telephonyAttempts).where(like(telephonyAttempts.key, `mask-call:${expired.id}:%`));
    expect(made).toEqual([]);
  });

  it('takes the allowance once under concurrent presses: never more calls than allowed', async () => {
    const created = await session({ sendText: false, maxCalls: 2 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => page(created.id, 'POST')));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(2);
    const calls = await h.db.select().from(telephonyAttempts).where(like(telephonyAttempts.key, `mask-call:${created.id}:%`));
    expect(calls).toHaveLength(2);
  });

  it("stops at the practice's daily cap, whichever session", async () => {
    await h.db.update(accounts).set({ config: sql`config || '{"callMasking": {"dailyCap": 1}}'::jsonb` }).where(eq(accounts.id, riverside));
    try {
      // Today's calls of the earlier tests already reach a cap of 1.
      const created = await session({ sendText: false });
      expect((await page(created.id, 'POST')).status).toBe(404);
    } finally {
      await h.db.update(accounts).set({ config: sql`config - 'callMasking'` }).where(eq(accounts.id, riverside));
    }
  });

  it('a carrier refusing the call answers "failed" and gives the call back to the allowance', async () => {
    const created = await session({ sendText: false, maxCalls: 1 });
    const failing = createApi({
      ...h.deps,
      trustProxyHops: 1,
      publicPageLimits: { mask: loose },
      telephony: { ...carrier, kind: 'simulator', placeCall: async () => carrier.placeCall({ from: '+15005550007', to: '+15005550001', statusCallbackUrl: 'https://x.example/' }) },
    });
    const res = await failing.request(`/call_masking/callMask/${created.id}`, { method: 'POST', headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: { code: 'call_failed', message: 'Call failed, please try again later' } });
    const [after] = await h.db.select({ used: maskingSessions.callsUsed }).from(maskingSessions).where(eq(maskingSessions.id, created.id));
    expect(after!.used).toBe(0);
  });

  it('never quotes what was sent, whatever is sent', async () => {
    const marker = 'zq7echoMarker';
    for (const id of [marker, `${marker}${'A'.repeat(9)}`, `${marker}?x=${marker}`]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await api.request(`/call_masking/callMask/${id}`, { method, headers: { 'X-Forwarded-For': '198.18.0.1', 'Content-Type': 'application/json' }, ...(method === 'POST' ? { body: JSON.stringify({ to: marker }) } : {}) });
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain(marker);
      }
    }
  });

  it('counts presses per client, per session and per number called', async () => {
    const strict = createApi({ ...h.deps, trustProxyHops: 1, publicPageLimits: { mask: { ...loose, calls: { attempts: 2, minutes: 10 } } } });
    const press = (id: string, client: string) => strict.request(`/call_masking/callMask/${id}`, { method: 'POST', headers: { 'X-Forwarded-For': client } });
    const a = await session({ sendText: false, maxCalls: 10 });
    expect((await press(a.id, '192.0.2.77')).status).toBe(200);
    expect((await press(a.id, '192.0.2.77')).status).toBe(200);
    const third = await press(a.id, '192.0.2.77');
    expect(third.status).toBe(429);
    expect(third.headers.get('Retry-After')).toMatch(/^\d+$/);
    const perSession = createApi({ ...h.deps, trustProxyHops: 1, publicPageLimits: { mask: { ...loose, session: { attempts: 1, minutes: 10 } } } });
    const b = await session({ sendText: false, maxCalls: 10 });
    expect((await perSession.request(`/call_masking/callMask/${b.id}`, { method: 'POST', headers: { 'X-Forwarded-For': '192.0.2.80' } })).status).toBe(200);
    // Another client, the same session: counted by the session.
    expect((await perSession.request(`/call_masking/callMask/${b.id}`, { method: 'POST', headers: { 'X-Forwarded-For': '192.0.2.81' } })).status).toBe(429);
  });
});
