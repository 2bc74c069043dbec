import * as v from 'valibot';
import { defaultPageSize, pageSizes, sortOrders, type PageSize, type SortOrder } from '../../domain/lists.ts';

/** A list's state in the URL (CONVENTIONS: the URL is the table's state). */
export type ListSearch<S extends string = string> = {
  page: number;
  size: PageSize;
  sort: S;
  order: SortOrder;
  q: string;
};

export const listSearchDefaults = { page: 1, size: defaultPageSize, sort: 'name', order: 'asc', q: '' } as const;

/** The router parses `?q=123` as a number; a filter is text either way. */
const text = v.union([v.string(), v.pipe(v.number(), v.transform(String))]);

/**
 * Search params of a list route: every part falls back to its default, so a hand-edited URL
 * (`?page=-3&size=7&sort=nope`) degrades to a working list instead of an error.
 */
export function listSearchSchema<const C extends readonly [string, ...string[]]>(sortColumns: C) {
  const sort = sortColumns.includes('name') ? ('name' as C[number]) : sortColumns[0];
  return v.object({
    page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
    size: v.optional(v.fallback(v.picklist(pageSizes), defaultPageSize), defaultPageSize),
    sort: v.optional(v.fallback(v.picklist(sortColumns), sort), sort),
    order: v.optional(v.fallback(v.picklist(sortOrders), 'asc'), 'asc'),
    q: v.optional(v.fallback(v.pipe(text, v.maxLength(100)), ''), ''),
  });
}

/**
 * A list's tag filter in its URL (`tag=language:Spanish`; domain/tags.ts), for the lists that
 * filter by tag: spread into the route's `validateSearch` beside `listSearchSchema`'s entries.
 */
export const tagSearchParam = v.optional(v.fallback(v.pipe(text, v.maxLength(200)), ''), '');
export const tagSearchDefault = { tag: '' } as const;

/** What the API's list endpoints take (`limit` is the page size, `q` the filter, `tag` the tag filter). */
export function toListQuery<S extends string>(search: ListSearch<S> & { tag?: string }) {
  const tag = search.tag?.trim();
  return {
    page: search.page,
    limit: search.size,
    sort: search.sort,
    order: search.order,
    ...(search.q.trim() ? { q: search.q.trim() } : {}),
    ...(tag ? { tag } : {}),
  };
}

/**
 * The record a list opens on (`selected=<id>`), for the lists a create flow returns to (issue 24):
 * spread into the route's `validateSearch`; RecordList shows its page with its row active.
 */
export const selectedSearchParam = v.optional(v.fallback(v.pipe(v.string(), v.maxLength(100)), ''), '');
export const selectedSearchDefault = { selected: '' } as const;
