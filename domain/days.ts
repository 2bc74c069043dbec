/** Calendar days as YYYY-MM-DD in UTC (no imports: the route files that check dates in URLs load with the first screen). */
const dayMs = 86_400_000;

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;

/** `date` moved by `days`. */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

/** Today in UTC. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);
