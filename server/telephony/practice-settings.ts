/**
 * A practice's telephony settings (domain/telephony-settings.ts): its Twilio numbers, the one the
 * platform calls and texts from, and its masked call links' default limits. Both are kept in the
 * account's `config` (sections `telephony` and `callMasking`).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { maskingSettingsOf, type MaskingSettings } from '../../domain/masking.ts';
import {
  builtInMaskingSettings,
  callerContactPointIdOf,
  callingHoursSettingsOf,
  telephonySettingsMessages,
  callingHoursMessages,
  type PracticeNumber,
  type TelephonySettings,
  type TelephonySettingsPatch,
} from '../../domain/telephony-settings.ts';
import type { Db, Tx } from '../db/client.ts';
import { accounts, contactPoints } from '../db/schema/index.ts';
import type { WriteScope } from '../db/write.ts';
import { badRequest } from '../errors.ts';

type NumberRow = { id: string; name: string; number: string; system: string };

/** The practice's Twilio numbers (phone and SMS contact points with service provider Twilio, not deleted), by rank then name. */
async function twilioNumbersOf(tx: Db | Tx, accountId: string): Promise<NumberRow[]> {
  return tx
    .select({ id: contactPoints.id, name: contactPoints.name, number: contactPoints.normalizedValue, system: contactPoints.system })
    .from(contactPoints)
    .where(
      and(
        eq(contactPoints.accountId, accountId),
        eq(contactPoints.serviceProvider, 'Twilio'),
        inArray(contactPoints.system, ['PHONE', 'SMS']),
        sql`${contactPoints.deletedAt} is null`,
      ),
    )
    .orderBy(contactPoints.rank, contactPoints.name, contactPoints.id);
}

/** North American numbers only (issue 42: domestic calls). */
const usable = (number: string) => /^\+1\d{10}$/.test(number);

/** The number calls and texts go from: the chosen one while it is still a usable Twilio number, else the first usable one. */
function callingNumber(rows: NumberRow[], chosen: string | null): NumberRow | undefined {
  return rows.find((row) => row.id === chosen && usable(row.number)) ?? rows.find((row) => usable(row.number));
}

/** The number the platform calls and texts a practice's patients from (E.164), or null when it has none. */
export async function platformNumberOf(tx: Db | Tx, accountId: string): Promise<string | null> {
  const [account] = await tx.select({ config: accounts.config }).from(accounts).where(eq(accounts.id, accountId));
  const rows = await twilioNumbersOf(tx, accountId);
  return callingNumber(rows, callerContactPointIdOf((account?.config ?? {}) as Record<string, unknown>))?.number ?? null;
}

export async function readTelephonySettings(db: Db | Tx, accountId: string): Promise<TelephonySettings> {
  const [account] = await db.select({ config: accounts.config }).from(accounts).where(eq(accounts.id, accountId));
  const config = (account?.config ?? {}) as Record<string, unknown>;
  const rows = await twilioNumbersOf(db, accountId);
  const chosen = callerContactPointIdOf(config);
  const calling = callingNumber(rows, chosen);
  const numbers: PracticeNumber[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    number: row.number,
    system: row.system as PracticeNumber['system'],
    usable: usable(row.number),
    calling: row.id === calling?.id,
  }));
  return {
    callerContactPointId: chosen !== null && rows.some((row) => row.id === chosen) ? chosen : null,
    numbers,
    callMasking: maskingSettingsOf(config),
    builtIn: builtInMaskingSettings,
    callingHours: callingHoursSettingsOf(config),
  };
}

/**
 * Saves what the request sends (audited as one 'TelephonySettings' update, before and after): the
 * calling number (a usable Twilio number of the practice, or null for the first by rank) and each
 * default limit sent (null: back to the built-in one).
 */
export async function updateTelephonySettings(scope: WriteScope, body: TelephonySettingsPatch): Promise<void> {
  const { tx, accountId, audit } = scope;
  const [account] = await tx.select({ config: accounts.config }).from(accounts).where(eq(accounts.id, accountId)).for('update');
  const config = (account?.config ?? {}) as Record<string, unknown>;
  const before = { callerContactPointId: callerContactPointIdOf(config), callMasking: maskingSettingsOf(config), callingHours: callingHoursSettingsOf(config) };

  const next: Record<string, unknown> = { ...config };
  if (body.callerContactPointId !== undefined) {
    if (body.callerContactPointId !== null) {
      const rows = await twilioNumbersOf(tx, accountId);
      const row = rows.find((r) => r.id === body.callerContactPointId);
      if (!row || !usable(row.number)) throw badRequest(telephonySettingsMessages.callerUnknown, { callerContactPointId: telephonySettingsMessages.callerUnknown });
    }
    next.telephony = { ...((config.telephony as object | undefined) ?? {}), callerContactPointId: body.callerContactPointId };
  }
  if (body.callMasking !== undefined) {
    const saved = { ...((config.callMasking as Record<string, unknown> | undefined) ?? {}) };
    for (const [key, value] of Object.entries(body.callMasking) as [keyof MaskingSettings, number | null | undefined][]) {
      if (value === undefined) continue;
      if (value === null) delete saved[key];
      else saved[key] = value;
    }
    next.callMasking = saved;
  }
  if (body.callingHours !== undefined) {
    const telephony = (next.telephony as Record<string, unknown> | undefined) ?? {};
    const current = callingHoursSettingsOf(next);
    const hours = { ...current, ...Object.fromEntries(Object.entries(body.callingHours).filter(([, value]) => value !== undefined)) } as typeof current;
    if (hours.start >= hours.end) throw badRequest(callingHoursMessages.order, { 'callingHours.end': callingHoursMessages.order });
    next.telephony = { ...telephony, callingHours: { start: hours.start, end: hours.end, holidays: [...new Set(hours.holidays)].sort() } };
  }
  const after = { callerContactPointId: callerContactPointIdOf(next), callMasking: maskingSettingsOf(next), callingHours: callingHoursSettingsOf(next) };
  if (JSON.stringify(before) === JSON.stringify(after) && JSON.stringify(config) === JSON.stringify(next)) return;
  await tx.update(accounts).set({ config: next }).where(eq(accounts.id, accountId));
  await audit({ action: 'update', resourceType: 'TelephonySettings', resourceId: accountId, before, after });
}
