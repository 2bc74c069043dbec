/**
 * Demo masked call links (issue 42): in each demo practice, a few sessions in each state (active,
 * used, expired, ended), for some of its patients, reaching its main line and calling from its
 * Twilio number. Ids are made from the seed's names (22 characters of base64url), so a reseed
 * makes the same links. They write no System log entries: Home's recent changes stay the seed's own.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { maskingBounds } from '../../domain/masking.ts';
import type { Tx } from '../db/client.ts';
import { contactPoints, maskingSessions, persons } from '../db/schema/index.ts';
import type { DemoAccountKey, DemoSeed } from '../area.ts';

const hour = 3_600_000;

/** [state, hours since it was set up, calls used of the allowance]. */
const demoSessions: ['active' | 'used' | 'expired' | 'ended', number, number][] = [
  ['active', 1, 0],
  ['active', 20, 1],
  ['active', 40, 2],
  ['used', 6, 3],
  ['used', 50, 3],
  ['expired', 100, 1],
  ['expired', 200, 0],
  ['ended', 3, 1],
  ['ended', 30, 0],
];

/** The demo's masked call links of one account; nothing when it lacks a main line or a Twilio number. */
export async function insertDemoMaskingSessions(tx: Tx, accountId: string, key: string, actor: string, now = Date.now()) {
  const lines = await tx
    .select({ id: contactPoints.id, number: contactPoints.normalizedValue, system: contactPoints.system, provider: contactPoints.serviceProvider })
    .from(contactPoints)
    .where(and(eq(contactPoints.accountId, accountId), inArray(contactPoints.system, ['PHONE', 'SMS']), sql`${contactPoints.deletedAt} is null`, sql`${contactPoints.normalizedValue} like '+1%'`))
    .orderBy(asc(contactPoints.rank), asc(contactPoints.name));
  const main = lines.find((line) => line.system === 'PHONE' && line.provider !== 'Twilio');
  const twilio = lines.find((line) => line.provider === 'Twilio');
  if (!main || !twilio) return 0;
  const patients = await tx
    .select({ id: persons.id })
    .from(persons)
    .where(and(eq(persons.accountId, accountId), eq(persons.userRecord, false), eq(persons.practitionerRecord, false)))
    .orderBy(asc(persons.displayName), asc(persons.id))
    .limit(demoSessions.length);
  for (const [i, [state, ageHours, used]] of demoSessions.entries()) {
    const id = createHash('sha256').update(`astera-masking:${key}:${i}`).digest().subarray(0, 16).toString('base64url');
    const created = new Date(now - ageHours * hour);
    const expiryHours = state === 'expired' ? Math.min(ageHours - 1, maskingBounds.expiryHours.fallback) : maskingBounds.expiryHours.fallback + ageHours;
    await tx.insert(maskingSessions).values({
      accountId,
      id,
      patientNumber: `+1628555${String(100 + i).padStart(4, '0')}`,
      personId: patients[i]?.id ?? null,
      practiceContactPointId: main.id,
      practiceNumber: main.number,
      callerNumber: twilio.number,
      expiresAt: new Date(created.getTime() + expiryHours * hour),
      maxCalls: maskingBounds.maxCalls.fallback,
      callsUsed: used,
      callTimeLimitMinutes: maskingBounds.callTimeLimitMinutes.fallback,
      ringTimeoutSeconds: maskingBounds.ringTimeoutSeconds.fallback,
      textStatus: 'sent',
      endedAt: state === 'ended' ? new Date(created.getTime() + hour) : null,
      endedBy: state === 'ended' ? actor : null,
      createdTimestamp: created,
      createdBy: actor,
    });
  }
  return demoSessions.length;
}

/** The seed step: masked call links in each state per demo account (after the people and contact points). */
export async function seedDemoMaskingSessions({ tx, accounts, actor }: DemoSeed) {
  for (const key of Object.keys(accounts) as DemoAccountKey[]) await insertDemoMaskingSessions(tx, accounts[key].id, key, actor);
}
