import type { InteractionListSearch } from './search.ts';

/** A day as the URL and the date inputs keep it; anything else is no bound. */
export const isDay = (value: string) => /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** Midnight at the start of a day in the browser's time zone, as an instant. */
const localMidnight = (day: string) => new Date(`${day}T00:00:00`).toISOString();

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * What `GET /interactions/interactions` takes: `limit`/`offset` paging, sort, and only the filters
 * that are set (`escalated` as true/false; the date range as instants bounding the days in the
 * user's time zone, the last day included).
 */
/** Midnight at the start of a day in UTC (Insights counts calls by UTC day). */
const utcMidnight = (day: string) => `${day}T00:00:00.000Z`;

export function toInteractionQuery(search: InteractionListSearch, browserStartOfDay = localMidnight) {
  const startOfDay = search.days === 'utc' ? utcMidnight : browserStartOfDay;
  const query: Record<string, string | number | boolean> = { limit: search.size, offset: (search.page - 1) * search.size, sort: search.sort, order: search.order };
  const set = (key: string, value: string) => {
    if (value.trim()) query[key] = value.trim();
  };
  set('q', search.q);
  set('queue', search.queue);
  set('agent', search.agent);
  set('team', search.team);
  set('status', search.status);
  set('direction', search.direction);
  set('type', search.type);
  set('disposition', search.disposition);
  if (search.escalated) query.escalated = search.escalated === 'yes';
  if (search.recorded) query.recorded = search.recorded === 'yes';
  if (isDay(search.from)) query.from = startOfDay(search.from);
  if (isDay(search.to)) query.to = new Date(Date.parse(startOfDay(nextDay(search.to))) - 1).toISOString();
  return query;
}

/**
 * What the list is filtered by now, for the empty list's text ('status “abandoned”'). `dayName`
 * names a day as the screen does (lib/format.ts useDayFormat: the user's locale).
 */
export function activeInteractionFilters(search: InteractionListSearch, names: { queue?: string; agent?: string; team?: string } = {}, dayName: (date: string) => string = (date) => date): string[] {
  return [
    isDay(search.from) ? `from ${dayName(search.from)}` : null,
    isDay(search.to) ? `to ${dayName(search.to)}${search.days === 'utc' ? ' (UTC)' : ''}` : null,
    search.queue ? `queue “${names.queue ?? search.queue}”` : null,
    search.agent ? `agent “${names.agent ?? search.agent}”` : null,
    search.team ? `team “${names.team ?? search.team}”` : null,
    search.status ? `status “${search.status}”` : null,
    search.direction ? `direction “${search.direction}”` : null,
    search.type ? (search.type === 'chat' ? 'web chats only' : 'calls only') : null,
    search.escalated ? (search.escalated === 'yes' ? 'escalated' : 'not escalated') : null,
    search.recorded ? (search.recorded === 'yes' ? 'with a recording' : 'without a recording') : null,
    search.disposition ? `disposition “${search.disposition}”` : null,
  ].filter((item): item is string => item !== null);
}
