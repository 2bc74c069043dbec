/**
 * When a patient may be called or texted (issue 43): inside the practice's calling hours in the
 * patient's own local time, default 8:00 to 21:00 (the US legal limit for solicitation; a practice
 * may narrow it), never on one of the practice's holidays. The patient's time zone comes from their
 * address (its state), else their number's area code, else the practice's.
 */
import { areaCodeZones } from './area-code-zones.ts';

export type CallingHours = {
  /** Minutes after local midnight the window opens (8:00 = 480). */
  startMinute: number;
  /** Minutes after local midnight the window closes (21:00 = 1260): nothing starts at or after it. */
  endMinute: number;
  /** Local days (YYYY-MM-DD) nothing is sent. */
  holidays: readonly string[];
};

/** The widest window the law allows, and the default. */
export const legalCallingHours = { startMinute: 8 * 60, endMinute: 21 * 60 } as const;
export const defaultCallingHours: CallingHours = { ...legalCallingHours, holidays: [] };

/** The zone of most of each state's (and territory's) people. */
const stateZones: Record<string, string> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago', CA: 'America/Los_Angeles',
  CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York', DC: 'America/New_York', FL: 'America/New_York',
  GA: 'America/New_York', HI: 'Pacific/Honolulu', ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago', KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
  MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago', MS: 'America/Chicago',
  MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago', NV: 'America/Los_Angeles', NH: 'America/New_York',
  NJ: 'America/New_York', NM: 'America/Denver', NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago',
  OH: 'America/New_York', OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York',
  SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago', UT: 'America/Denver',
  VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles', WV: 'America/New_York', WI: 'America/Chicago',
  WY: 'America/Denver', PR: 'America/Puerto_Rico', VI: 'America/St_Thomas', GU: 'Pacific/Guam', AS: 'Pacific/Pago_Pago', MP: 'Pacific/Saipan',
};

/** The state an address names: "…, Portland, OR 97201" or "… Springfield IL". */
export function stateOf(address: string | null | undefined): string | null {
  if (!address) return null;
  const match = /\b([A-Za-z]{2})\.?(?:\s+\d{5}(?:-\d{4})?)?\s*(?:,?\s*(?:USA?|United States))?\s*$/.exec(address.trim());
  const state = match?.[1]?.toUpperCase();
  return state && state in stateZones ? state : null;
}

/** The patient's time zone, and where it came from (said on the item's page when it waits). */
export function patientZone(patient: { address?: string | null; phone: string }, practiceZone: string): { zone: string; from: 'address' | 'area code' | 'practice' } {
  const state = stateOf(patient.address);
  if (state) return { zone: stateZones[state]!, from: 'address' };
  const digits = patient.phone.replace(/\D/g, '');
  const area = digits.length === 11 && digits.startsWith('1') ? digits.slice(1, 4) : digits.length === 10 ? digits.slice(0, 3) : null;
  const zone = area ? areaCodeZones.get(area) : undefined;
  return zone ? { zone, from: 'area code' } : { zone: practiceZone, from: 'practice' };
}

/** The local date (YYYY-MM-DD) and minute of the day of an instant in a zone. */
export function localTime(at: Date, zone: string): { day: string; minute: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The instant a local day's minute happens in a zone (the first, at a daylight-saving change). */
function instantOf(day: string, minute: number, zone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, Math.floor(minute / 60), minute % 60);
  let at = guess;
  // Two rounds: the zone's offset at the guess, then at the corrected instant (DST).
  for (let round = 0; round < 2; round += 1) {
    const local = localTime(new Date(at), zone);
    const [ly, lm, ld] = local.day.split('-').map(Number) as [number, number, number];
    const seen = Date.UTC(ly, lm - 1, ld, Math.floor(local.minute / 60), local.minute % 60);
    at += guess - seen;
  }
  return new Date(at);
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The first instant at or after `at` inside the calling window in `zone`: `at` itself when it is
 * inside, else the window's next opening (skipping holidays). Looks at most 400 days ahead.
 */
export function nextOpen(at: Date, zone: string, hours: CallingHours): Date {
  const { day, minute } = localTime(at, zone);
  const holidays = new Set(hours.holidays);
  if (!holidays.has(day) && minute >= hours.startMinute && minute < hours.endMinute) return at;
  let candidate = minute < hours.startMinute ? day : nextDay(day);
  for (let i = 0; i < 400 && holidays.has(candidate); i += 1) candidate = nextDay(candidate);
  return instantOf(candidate, hours.startMinute, zone);
}

/** "8:00" for minute 480. */
export const clockOf = (minute: number) => `${Math.floor(minute / 60)}:${String(minute % 60).padStart(2, '0')}`;

