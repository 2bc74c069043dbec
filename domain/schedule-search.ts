/**
 * What the schedule routes validate their search with (the list's sort columns, the week shown),
 * apart from the rest of `schedules.ts`: route search is validated when the app starts, and
 * `schedules.ts` (schemas, time-zone arithmetic) is not needed to show the first screen.
 */
export const scheduleSortColumns = ['name', 'ownerType', 'id'] as const;
export type ScheduleSort = (typeof scheduleSortColumns)[number];

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date 'YYYY-MM-DD'. */
export function isLocalDate(s: string): boolean {
  const m = datePattern.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && y <= 2200 && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}
