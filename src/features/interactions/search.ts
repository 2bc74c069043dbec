import * as v from 'valibot';
import type { InteractionStatus } from '../../../domain/interactions.ts';
import { isoDate } from '../../../domain/records.ts';
import { defaultPageSize, pageSizes, sortOrders, type PageSize, type SortOrder } from '../../../domain/lists.ts';

/**
 * The statuses the URL takes. Written out rather than imported from domain/interactions.ts: a
 * list route's URL validation loads with the first screen, the interaction schemas must not.
 */
const statusValues = ['queued', 'active', 'wrap-up', 'completed', 'abandoned', 'follow-up'] as const satisfies readonly InteractionStatus[];
// Every status is in the list (a status added to the domain fails to compile here until it is).
const everyStatus: Exclude<InteractionStatus, (typeof statusValues)[number]> extends never ? true : false = true;
void everyStatus;

/** The interactions list sorts by start time (newest first: where new calls arrive). */
export const interactionSortColumns = ['startTimestamp'] as const;
export type InteractionSort = (typeof interactionSortColumns)[number];

/**
 * The interactions list's state in its URL (CONVENTIONS: the URL is the table's state): paging,
 * sort, the free-text filter and the server-side filters of issue 26. Empty means "any".
 */
export type InteractionListSearch = {
  page: number;
  size: PageSize;
  sort: InteractionSort;
  order: SortOrder;
  /** Patient name or phone number, in any spelling. */
  q: string;
  /** Start date range, YYYY-MM-DD, both days included. */
  from: string;
  to: string;
  queue: string;
  agent: string;
  team: string;
  status: InteractionStatus | '';
  escalated: '' | 'yes' | 'no';
  disposition: string;
};

export const interactionSearchDefaults = {
  page: 1,
  size: defaultPageSize,
  sort: 'startTimestamp',
  order: 'desc',
  q: '',
  from: '',
  to: '',
  queue: '',
  agent: '',
  team: '',
  status: '',
  escalated: '',
  disposition: '',
} as const satisfies InteractionListSearch;

/** The router parses `?q=5551234567` as a number; a filter is text either way. */
const text = (max: number) => v.optional(v.fallback(v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), v.maxLength(max)), ''), '');
const day = v.optional(v.fallback(v.union([v.literal(''), isoDate]), ''), '');

/** Each part falls back to its default, so a hand-edited URL degrades to a working list instead of an error. */
export const interactionSearchSchema = v.object({
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
  size: v.optional(v.fallback(v.picklist(pageSizes), defaultPageSize), defaultPageSize),
  sort: v.optional(v.fallback(v.picklist(interactionSortColumns), 'startTimestamp'), 'startTimestamp'),
  order: v.optional(v.fallback(v.picklist(sortOrders), 'desc'), 'desc'),
  q: text(100),
  from: day,
  to: day,
  queue: text(200),
  agent: text(100),
  team: text(100),
  status: v.optional(v.fallback(v.union([v.literal(''), v.picklist(statusValues)]), ''), ''),
  escalated: v.optional(v.fallback(v.picklist(['', 'yes', 'no']), ''), ''),
  disposition: text(200),
}) satisfies v.GenericSchema<unknown, InteractionListSearch>;

/** Midnight at the start of a day in the browser's time zone, as an instant. */
const localMidnight = (day: string) => new Date(`${day}T00:00:00`).toISOString();

/**
 * What `GET /interactions/interactions` takes: `limit`/`offset` paging, sort, and only the filters
 * that are set (`escalated` as true/false; the date range as instants bounding the days in the
 * user's time zone, the last day included).
 */
export function toInteractionQuery(search: InteractionListSearch, startOfDay = localMidnight) {
  const query: Record<string, string | number | boolean> = { limit: search.size, offset: (search.page - 1) * search.size, sort: search.sort, order: search.order };
  const set = (key: string, value: string) => {
    if (value.trim()) query[key] = value.trim();
  };
  set('q', search.q);
  set('queue', search.queue);
  set('agent', search.agent);
  set('team', search.team);
  set('status', search.status);
  set('disposition', search.disposition);
  if (search.escalated) query.escalated = search.escalated === 'yes';
  if (search.from) query.from = startOfDay(search.from);
  if (search.to) query.to = new Date(Date.parse(startOfDay(nextDay(search.to))) - 1).toISOString();
  return query;
}

/** The day after a YYYY-MM-DD day (the range's end is exclusive at the next midnight). */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** What the list is filtered by now, for the empty list's text ('status “abandoned”'). */
export function activeInteractionFilters(search: InteractionListSearch, names: { queue?: string; agent?: string; team?: string } = {}): string[] {
  return [
    search.from ? `from ${search.from}` : null,
    search.to ? `to ${search.to}` : null,
    search.queue ? `queue “${names.queue ?? search.queue}”` : null,
    search.agent ? `agent “${names.agent ?? search.agent}”` : null,
    search.team ? `team “${names.team ?? search.team}”` : null,
    search.status ? `status “${search.status}”` : null,
    search.escalated ? (search.escalated === 'yes' ? 'escalated' : 'not escalated') : null,
    search.disposition ? `disposition “${search.disposition}”` : null,
  ].filter((item): item is string => item !== null);
}
