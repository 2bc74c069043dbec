import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaskingSession } from '../../../domain/masking.ts';
import type { TelephonySettings } from '../../../domain/telephony-settings.ts';
import { accounts, auditLog, contactPoints } from '../../db/schema/index.ts';
import { seedId } from '../../seed/seed.ts';
import { createHarness } from '../../test/harness.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
const riverside = seedId('account:riverside');
const path = `/telephony/settings?accountId=${riverside}`;

beforeAll(async () => {
  h = await createHarness();
}, 120_000);
afterAll(() => h.close());

const read = async (user: 'manager' | 'viewer' = 'manager') => {
  const res = await h.call(user, path);
  expect(res.status).toBe(200);
  return (await res.json()) as TelephonySettings;
};
const patch = (json: unknown, user: 'manager' | 'viewer' = 'manager') => h.call(user, path, { method: 'PATCH', json });

describe('telephony settings: the practice’s Twilio numbers and its masked calls’ defaults', () => {
  it('lists the practice’s Twilio numbers by rank, the first one calling, and the built-in limits', async () => {
    const settings = await read();
    const twilio = await h.db
      .select({ id: contactPoints.id })
      .from(contactPoints)
      .where(and(eq(contactPoints.accountId, riverside), eq(contactPoints.serviceProvider, 'Twilio'), sql`${contactPoints.deletedAt} is null`, sql`${contactPoints.system} in ('PHONE', 'SMS')`));
    expect(settings.numbers.map((n) => n.id).sort()).toEqual(twilio.map((n) => n.id).sort());
    expect(settings.numbers.length).toBeGreaterThanOrEqual(2);
    expect(settings.callerContactPointId).toBeNull();
    expect(settings.numbers.filter((n) => n.calling)).toEqual([settings.numbers.find((n) => n.usable)]);
    expect(settings.callMasking).toEqual({ expiryHours: 72, maxCalls: 3, callTimeLimitMinutes: 30, ringTimeoutSeconds: 30, dailyCap: 200 });
    expect(settings.builtIn).toEqual(settings.callMasking);
  });

  it('a chosen number and defaults are saved, audited, and used by the next masked call link; null returns a limit to its built-in default', async () => {
    const before = await read();
    const [original] = await h.db.select({ config: accounts.config }).from(accounts).where(eq(accounts.id, riverside));
    const { telephony: _t0, callMasking: _m0, ...configBefore } = original!.config as Record<string, unknown>;
    const second = before.numbers.filter((n) => n.usable)[1]!;
    const res = await patch({ callerContactPointId: second.id, callMasking: { maxCalls: 5, expiryHours: 24 } });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as TelephonySettings;
    expect(saved.callerContactPointId).toBe(second.id);
    expect(saved.numbers.find((n) => n.calling)?.id).toBe(second.id);
    expect(saved.callMasking).toMatchObject({ maxCalls: 5, expiryHours: 24, ringTimeoutSeconds: 30 });
    expect(await read('viewer')).toEqual(saved);

    const [entry] = await h.db.select().from(auditLog).where(and(eq(auditLog.accountId, riverside), eq(auditLog.resourceType, 'TelephonySettings')));
    expect(entry).toMatchObject({ action: 'update', actorName: 'Maria Lopez', resourceId: riverside });
    expect(entry!.after).toMatchObject({ callerContactPointId: second.id, callMasking: { maxCalls: 5 } });

    // The next link: from the chosen number, with the practice's limits.
    const [line] = await h.db
      .select({ id: contactPoints.id })
      .from(contactPoints)
      .where(and(eq(contactPoints.accountId, riverside), eq(contactPoints.system, 'PHONE'), sql`${contactPoints.serviceProvider} <> 'Twilio'`, sql`${contactPoints.deletedAt} is null`))
      .limit(1);
    const created = await h.call('manager', `/call_masking/sessions?accountId=${riverside}`, {
      method: 'POST',
      json: { patientNumber: '(628) 555-0142', practiceContactPointId: line!.id, sendText: false },
    });
    expect(created.status).toBe(201);
    const session = (await created.json()) as MaskingSession;
    expect(session).toMatchObject({ callerNumber: second.number, maxCalls: 5 });
    expect(Date.parse(session.expiresAt) - Date.now()).toBeLessThan(24 * 3600_000 + 60_000);

    // Back to the built-in default and the first number; the account form's other sections are untouched.
    const reset = await patch({ callerContactPointId: null, callMasking: { maxCalls: null } });
    expect(reset.status).toBe(200);
    const after = (await reset.json()) as TelephonySettings;
    expect(after).toMatchObject({ callerContactPointId: null, callMasking: { maxCalls: 3, expiryHours: 24 } });
    expect(after.numbers.find((n) => n.calling)?.id).toBe(before.numbers.find((n) => n.calling)?.id);
    const [account] = await h.db.select({ config: accounts.config }).from(accounts).where(eq(accounts.id, riverside));
    const { telephony: _t, callMasking: _m, ...others } = account!.config as Record<string, unknown>;
    expect(others).toEqual(configBefore);
    await patch({ callMasking: { expiryHours: null } });
  });

  it('refuses a number that is not the practice’s Twilio number, and bad limits, with the field’s message; writes nothing and echoes nothing', async () => {
    const before = await read();
    const [other] = await h.db
      .select({ id: contactPoints.id })
      .from(contactPoints)
      .where(and(eq(contactPoints.accountId, riverside), sql`${contactPoints.serviceProvider} <> 'Twilio'`))
      .limit(1);
    const [elsewhere] = await h.db
      .select({ id: contactPoints.id })
      .from(contactPoints)
      .where(and(sql`${contactPoints.accountId} <> ${riverside}`, eq(contactPoints.serviceProvider, 'Twilio')))
      .limit(1);
    for (const id of [other!.id, elsewhere!.id]) {
      const res = await patch({ callerContactPointId: id });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
        callerContactPointId: "That number is not one of the practice's Twilio numbers in North America",
      });
    }
    const marker = 'zq7echoMarker';
    for (const body of [{ callMasking: { maxCalls: 11 } }, { callMasking: { dailyCap: 0 } }, { callMasking: { ringTimeoutSeconds: marker } }, { callerContactPointId: marker }]) {
      const res = await patch(body);
      expect(res.status).toBe(400);
      const text = await res.text();
      expect(text).not.toContain(marker);
      expect(text).toMatch(/must be a whole number from|Twilio numbers/);
    }
    const res = await patch({ callMasking: { maxCalls: 0 } });
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ 'callMasking.maxCalls': 'Calls allowed must be a whole number from 1 to 10' });
    expect(await read()).toEqual(before);
    // An empty PATCH changes nothing and logs nothing.
    const entries = async () => (await h.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.resourceType, 'TelephonySettings')))[0]!.n;
    const logged = await entries();
    const empty = await patch({});
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual(before);
    expect(await entries()).toBe(logged);
  });

  it('the Read Only user reads them and may not change them; a practice that is not the caller’s is refused', async () => {
    expect((await patch({ callMasking: { maxCalls: 4 } }, 'viewer')).status).toBe(403);
    const elsewhere = await h.call('manager', `/telephony/settings?accountId=${seedId('account:astera')}`);
    expect([403, 404]).toContain(elsewhere.status);
    expect((await read()).callMasking.maxCalls).toBe(3);
  });

  it('calling hours (issue 43): 8:00 to 21:00 by default; a practice narrows them and adds holidays, never past the legal limit', async () => {
    expect((await read()).callingHours).toEqual({ start: '08:00', end: '21:00', holidays: [] });
    const saved = await patch({ callingHours: { start: '9:30', end: '18:00', holidays: ['2026-12-25', '2026-12-24', '2026-12-25'] } });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as TelephonySettings).callingHours).toEqual({ start: '09:30', end: '18:00', holidays: ['2026-12-24', '2026-12-25'] });
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.resourceType, 'TelephonySettings')).orderBy(sql`${auditLog.at} desc`).limit(1);
    expect(entry!.after).toMatchObject({ callingHours: { start: '09:30', end: '18:00' } });
    for (const [body, field, message] of [
      [{ start: '07:59' }, 'callingHours.start', 'Calls start at 8:00 at the earliest (the legal limit), as HH:MM'],
      [{ end: '21:30' }, 'callingHours.end', 'Calls end by 21:00 at the latest (the legal limit), as HH:MM'],
      [{ start: '12:00', end: '11:00' }, 'callingHours.end', 'The end must be after the start'],
      [{ end: '09:00' }, 'callingHours.end', 'The end must be after the start'],
      [{ holidays: ['2026-02-30'] }, 'callingHours.holidays.0', 'Date must be YYYY-MM-DD'],
      [{ holidays: '2026-12-25' }, 'callingHours.holidays', 'Holidays must be dates (YYYY-MM-DD)'],
    ] as const) {
      const res = await patch({ callingHours: body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields).toMatchObject({ [field]: message });
    }
    expect((await read()).callingHours).toEqual({ start: '09:30', end: '18:00', holidays: ['2026-12-24', '2026-12-25'] });
    expect((await patch({ callingHours: { start: '08:00', end: '21:00', holidays: [] } })).status).toBe(200);
  });
});
