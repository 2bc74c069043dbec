/**
 * The query every list takes (spec §2 Lists): paging by `page` or `offset`, a page size, a sort
 * column and order, a filter text. Each list names its sortable columns (domain/lists.ts).
 */
import * as v from 'valibot';
import { defaultPageSize, pageSizes, sortOrders, type PageSize, type SortOrder } from './lists.ts';
import { messages } from './messages.ts';
import { text } from './text.ts';

/** The longest filter text a list takes (a bound of ours: the spec does not show one). */
export const listFilterMaxLength = 100;

/**
 * The furthest page or offset a list goes to: far beyond any account, and bounded so that the
 * OFFSET stays a number PostgreSQL's bigint can hold (offset=1e20 would otherwise fail with a 500).
 */
const maxListPosition = 2 ** 31 - 1;

/** A whole number from a query string (or a number, from router search params). */
const intParam = (min: number) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(), v.transform(Number))]),
    v.integer(),
    v.minValue(min),
    v.maxValue(maxListPosition),
  );

/**
 * List query: `page` (1-based) or `offset`, `limit` from the page sizes, `sort` + `order`, `q`.
 * Every part falls back to its default, so a hand-edited URL degrades instead of failing.
 */
export function listQuerySchema<const C extends readonly [string, ...string[]]>(sortColumns: C) {
  return v.object({
    page: v.fallback(v.optional(intParam(1)), undefined),
    offset: v.fallback(v.optional(intParam(0)), undefined),
    limit: v.fallback(
      v.optional(
        v.pipe(
          intParam(1),
          v.check((n) => (pageSizes as readonly number[]).includes(n)),
          v.transform((n) => n as PageSize),
        ),
        defaultPageSize,
      ),
      defaultPageSize,
    ),
    sort: v.fallback(v.optional(v.picklist(sortColumns), 'name' as C[number]), 'name' as C[number]),
    order: v.fallback(v.optional(v.picklist(sortOrders), 'asc'), 'asc'),
    q: v.fallback(
      v.optional(
        v.pipe(
          text(listFilterMaxLength, messages.filterTooLong),
          v.transform((s) => (s === '' ? undefined : s)),
        ),
      ),
      undefined,
    ),
  });
}

export type ListQuery<S extends string = string> = {
  page?: number;
  offset?: number;
  limit: PageSize;
  sort: S;
  order: SortOrder;
  q?: string;
};

/** The row offset a list query asks for: `offset` wins over `page`. */
export const listOffset = (query: Pick<ListQuery, 'page' | 'offset' | 'limit'>): number =>
  query.offset ?? ((query.page ?? 1) - 1) * query.limit;
