import { defaultPageSize, pageSizes, sortOrders, type PageSize, type SortOrder } from '../../domain/lists.ts';
import { oneOf, searchParams, text, whole } from './search-params.ts';

/** A list's state in the URL (CONVENTIONS: the URL is the table's state). */
export type ListSearch<S extends string = string> = {
  page: number;
  size: PageSize;
  sort: S;
  order: SortOrder;
  q: string;
};

export const listSearchDefaults = { page: 1, size: defaultPageSize, sort: 'name', order: 'asc', q: '' } as const;

/**
 * The parameters of a list route's URL: every part falls back to its default, so a hand-edited URL
 * (`?page=-3&size=7&sort=nope`) degrades to a working list instead of an error. Spread into a
 * route's own `searchParams` beside its extra parameters, or use `listSearchSchema`.
 */
export function listSearchShape<const C extends readonly [string, ...string[]]>(sortColumns: C) {
  const sort: C[number] = sortColumns.includes('name') ? 'name' : sortColumns[0];
  return {
    page: whole(1, 1),
    size: oneOf(pageSizes, defaultPageSize),
    sort: oneOf(sortColumns, sort),
    order: oneOf(sortOrders, 'asc'),
    q: text(100),
  };
}

/** A list route's `validateSearch`. */
export const listSearchSchema = <const C extends readonly [string, ...string[]]>(sortColumns: C) => searchParams(listSearchShape(sortColumns));

/**
 * A list's tag filter in its URL (`tag=language:Spanish`; domain/tags.ts), for the lists that
 * filter by tag: spread into the route's `searchParams` beside `listSearchShape`'s entries.
 */
export const tagSearchParam = text(200);
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
export const selectedSearchParam = text(100);
export const selectedSearchDefault = { selected: '' } as const;
