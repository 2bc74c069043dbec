import type { InteractionDirection, InteractionStatus, InteractionType } from '../../../domain/interaction-kinds.ts';
import type { PageSize, SortOrder } from '../../../domain/lists.ts';
import { listSearchDefaults, listSearchShape, tagSearchParam } from '../../lib/list-search.ts';
import { oneOf, searchParams } from '../../lib/search-params.ts';

/**
 * The interactions list's URL state (CONVENTIONS: the URL is the table's state): paging, the sort
 * (start time, newest first: where new calls arrive), the free-text filter and the filters of
 * issue 26; empty means "any". Loaded with the first screen (a route's URL validation is), so it
 * is built from the shared list pieces, and what only the list needs is in list-query.ts.
 */
export type InteractionListSearch = {
  page: number;
  size: PageSize;
  sort: 'startTimestamp';
  order: SortOrder;
  /** Patient name or phone number, in any spelling. */
  q: string;
  /** Start date range, YYYY-MM-DD, both days included (anything else is no bound). */
  from: string;
  to: string;
  queue: string;
  agent: string;
  team: string;
  status: InteractionStatus | '';
  /** How the call began (Insights' bars by direction lead here). */
  direction: InteractionDirection | '';
  /** Calls or web chats (issue 42); empty: both. */
  type: InteractionType | '';
  /** 'utc': the date range bounds days in UTC, as Insights counts them; else the browser's days. */
  days: '' | 'utc';
  escalated: '' | 'yes' | 'no';
  /** With a recording ('yes') or without ('no'; issue 40). */
  recorded: '' | 'yes' | 'no';
  disposition: string;
};

/** The statuses the URL takes (written out: domain/interactions.ts must not load with the first screen). */
const statusValues = ['', 'queued', 'active', 'wrap-up', 'completed', 'abandoned', 'follow-up'] as const satisfies readonly (InteractionStatus | '')[];
// Every status is in the list (a status added to the domain fails to compile here until it is).
const everyStatus: Exclude<InteractionStatus, (typeof statusValues)[number]> extends never ? true : false = true;
void everyStatus;

const directionValues = ['', 'inbound', 'outbound', 'callback', 'api', 'webrtc_api', 'external_outbound'] as const satisfies readonly (InteractionDirection | '')[];
const everyDirection: Exclude<InteractionDirection, (typeof directionValues)[number]> extends never ? true : false = true;
void everyDirection;

const typeValues = ['', 'call', 'chat'] as const satisfies readonly (InteractionType | '')[];
const everyType: Exclude<InteractionType, (typeof typeValues)[number]> extends never ? true : false = true;
void everyType;

const choice = <const T extends readonly [string, ...string[]]>(values: T) => oneOf(values, '');

/** Each part falls back to its default, so a hand-edited URL degrades to a working list instead of an error. */
export const interactionSearchSchema = searchParams({
  ...listSearchShape(['startTimestamp']),
  order: oneOf(['asc', 'desc'], 'desc'),
  from: tagSearchParam,
  to: tagSearchParam,
  queue: tagSearchParam,
  agent: tagSearchParam,
  team: tagSearchParam,
  status: choice(statusValues),
  direction: choice(directionValues),
  type: choice(typeValues),
  days: choice(['', 'utc']),
  escalated: choice(['', 'yes', 'no']),
  recorded: choice(['', 'yes', 'no']),
  disposition: tagSearchParam,
});

export const interactionSearchDefaults = {
  ...listSearchDefaults,
  sort: 'startTimestamp',
  order: 'desc',
  from: '',
  to: '',
  queue: '',
  agent: '',
  team: '',
  status: '',
  direction: '',
  type: '',
  days: '',
  escalated: '',
  recorded: '',
  disposition: '',
} as const satisfies InteractionListSearch;
