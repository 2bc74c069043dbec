/**
 * What every record shares (spec §3 common fields) and the field schemas that records of several
 * kinds use: the version sent back on an edit, a calendar date.
 */
import * as v from 'valibot';
import { messages } from './messages.ts';

/** The common fields of spec §3 (timestamps as ISO strings). */
export type CommonFields = {
  id: string;
  accountId: string;
  createdTimestamp: string;
  modifiedTimestamp: string;
  createdBy: string;
  modifiedBy: string;
  /** Send it back on PATCH (or as `If-Match`) to refuse a stale edit with 409; a PATCH without it applies to the current version. */
  version: number;
};

/** A record's version: a positive integer column. */
export const version = v.pipe(
  v.number(messages.versionInvalid),
  v.integer(messages.versionInvalid),
  v.minValue(1, messages.versionInvalid),
  v.maxValue(2 ** 31 - 1, messages.versionInvalid),
);

/**
 * The version a write expects the record to be at (issue 44): optional. Sent (here or as the
 * request's `If-Match` header), a stale one is refused with 409; absent, the write applies to the
 * current version. The change log says which (server/records.ts `expectedVersion`).
 */
export const expectedVersion = v.optional(version);

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date filter of a query (issue 44: every one takes a date or a date and time): a day
 * (YYYY-MM-DD, that whole day in UTC) or an instant (ISO 8601 with its offset or Z).
 */
export const dateOrDateTime = (message: string = messages.dateOrDateTimeInvalid) =>
  v.pipe(v.string(message), v.trim(), v.union([isoDateOnly(), v.pipe(v.string(), v.isoTimestamp())], message));

/** Whether a date filter named a whole day (not an instant). */
export const isDay = (value: string) => dayPattern.test(value);
/** The UTC day a date filter names: the day itself, or the instant's day in UTC. */
export const utcDayOf = (value: string) => (isDay(value) ? value : new Date(value).toISOString().slice(0, 10));
/** Where a date filter's range starts: a day's first instant (UTC), or the instant itself. */
export const rangeStart = (value: string) => new Date(isDay(value) ? `${value}T00:00:00Z` : value);
/** Where a date filter's range ends, exclusive: the first instant after a day (the whole day included), or the instant itself. */
export const rangeEnd = (value: string) => (isDay(value) ? new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000) : new Date(value));

/** YYYY-MM-DD naming a day that exists (the format alone lets 2020-02-31 through). */
function isoDateOnly(message: string = messages.dateInvalid) {
  return v.pipe(
    v.string(message),
    v.isoDate(message),
    v.check((s) => {
      // Valibot runs this check even after the format check failed: an invalid Date must not throw.
      const day = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(s);
    }, message),
  );
}
export const isoDate = isoDateOnly();
