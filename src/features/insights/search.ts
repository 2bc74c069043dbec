/** The date ranges offered: the last 7, 30 or 90 days (today included), or two days of one's own. */
export const insightsRanges = [7, 30, 90, 'custom'] as const;
export type InsightsRange = (typeof insightsRanges)[number];

/** The Insights screen's state in its URL: the range, its days when custom, the queue ('' for all). */
export type InsightsSearch = { range: InsightsRange; from: string; to: string; queue: string };

export const insightsSearchDefaults = { range: 30, from: '', to: '', queue: '' } as const satisfies InsightsSearch;

/**
 * Each part falls back to its default, so a hand-edited URL degrades to a working screen. A plain
 * function rather than a valibot schema: a route's search validation loads with the first screen,
 * and the valibot actions a schema of dates would need are not there yet. The router reads
 * `?range=7` as the number 7 (and writes a text '7' as `%227%22`): the presets are numbers. Whether the days exist is checked by `insightsWindow` (window.ts), with the screen.
 */
export function validateInsightsSearch(raw: Record<string, unknown>): InsightsSearch {
  const range = insightsRanges.find((r) => String(r) === String(raw.range)) ?? 30;
  const text = (value: unknown) => (typeof value === 'string' && value.length <= 100 ? value : '');
  return { range, from: text(raw.from), to: text(raw.to), queue: text(raw.queue) };
}
