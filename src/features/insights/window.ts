import { addDays, todayUtc } from '../../../domain/days.ts';
import type { InsightsWindow } from './queries.ts';
import type { InsightsSearch } from './search.ts';

/** YYYY-MM-DD naming a day that exists (2020-02-31 does not). */
export const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The days a search names: a preset ends today (UTC); a custom range missing a day is the last 30 days. */
export function insightsWindow(search: InsightsSearch, today = todayUtc()): InsightsWindow {
  if (search.range === 'custom' && isDay(search.from) && isDay(search.to) && search.from <= search.to) return { from: search.from, to: search.to, queue: search.queue };
  const days = search.range === 'custom' ? 30 : search.range;
  return { from: addDays(today, -(days - 1)), to: today, queue: search.queue };
}
