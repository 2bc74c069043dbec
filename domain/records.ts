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

/** YYYY-MM-DD naming a day that exists (the format alone lets 2020-02-31 through). */
export const isoDate = v.pipe(
  v.string(messages.dateInvalid),
  v.isoDate(messages.dateInvalid),
  v.check((s) => {
    // Valibot runs this check even after the format check failed: an invalid Date must not throw.
    const day = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(s);
  }, messages.dateInvalid),
);
