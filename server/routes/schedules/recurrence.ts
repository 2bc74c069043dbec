import { createRequire } from 'node:module';
import { dateOf, floating, instantOf, wallOf, wallOfFloating, type Recurrence } from '../../../domain/schedules.ts';

// rrule ships CommonJS without an `exports` map, so Node's ESM loader sees no named exports.
const { RRule } = createRequire(import.meta.url)('rrule') as typeof import('rrule');

const rruleDays = { SU: RRule.SU, MO: RRule.MO, TU: RRule.TU, WE: RRule.WE, TH: RRule.TH, FR: RRule.FR, SA: RRule.SA } as const;

/** What expansion needs of a task. */
export type Expandable = { start: Date; end: Date; recurrence: Recurrence | null; exdates: string[] };
export type Occurrence = { start: Date; end: Date; date: string };

const DAY = 86_400_000;

/**
 * The rule in floating time: rrule counts in the wall clock of the account's time zone (as UTC
 * fields), and each occurrence is turned into an instant afterwards, so a weekly 09:00 stays at
 * 09:00 when the clocks change. (rrule's own `tzid` returns shifted "UTC" dates; counting on the
 * wall clock and converting once is simpler to get right.)
 */
function ruleOf(recurrence: Recurrence, dtstart: number) {
  return new RRule({
    freq: recurrence.freq === 'DAILY' ? RRule.DAILY : RRule.WEEKLY,
    interval: recurrence.interval,
    byweekday: recurrence.freq === 'WEEKLY' ? recurrence.byDay.map((d) => rruleDays[d]) : null,
    wkst: RRule.SU,
    dtstart: new Date(dtstart),
    // Until is a local date, inclusive.
    until: recurrence.until ? new Date(Date.parse(`${recurrence.until}T23:59:59Z`)) : null,
    count: recurrence.count,
  });
}

/**
 * The occurrences of a task overlapping [from, to): each with its instants and its local date,
 * minus the dates the series skips (exceptions and deleted occurrences, EXDATE-style: they still
 * count towards `count`).
 */
export function expand(task: Expandable, timeZone: string, from: Date, to: Date): Occurrence[] {
  const startWall = floating(wallOf(task.start, timeZone));
  // The block's length on the wall clock: a 09:00–17:00 block stays 09:00–17:00 on a 23-hour day.
  const length = floating(wallOf(task.end, timeZone)) - startWall;
  if (!task.recurrence) {
    const date = dateOf(wallOf(task.start, timeZone));
    return task.end > from && task.start < to ? [{ start: task.start, end: task.end, date }] : [];
  }
  const skipped = new Set(task.exdates);
  // The window in floating time, widened by the largest offset and the block's length.
  const after = new Date(from.getTime() - length - 2 * DAY);
  const before = new Date(to.getTime() + 2 * DAY);
  const out: Occurrence[] = [];
  for (const at of ruleOf(task.recurrence, startWall).between(after, before, true)) {
    const wall = wallOfFloating(at.getTime());
    const date = dateOf(wall);
    if (skipped.has(date)) continue;
    const start = instantOf(wall, timeZone);
    const end = instantOf(wallOfFloating(at.getTime() + length), timeZone);
    if (end > from && start < to) out.push({ start, end, date });
  }
  return out;
}

/** The series' occurrence at exactly this instant (not skipped), if it has one. */
export function occurrenceAt(task: Expandable, timeZone: string, instant: Date): Occurrence | null {
  const near = expand(task, timeZone, new Date(instant.getTime() - 60_000), new Date(instant.getTime() + 60_000));
  return near.find((o) => o.start.getTime() === instant.getTime()) ?? null;
}
