import * as v from 'valibot';

/**
 * A whole number from a query string, between `min` and `max`. Every numeric query parameter is
 * bounded: an unbounded one reaches PostgreSQL as a number its column cannot hold (a 500).
 */
export const wholeNumber = (min: number, max: number) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(), v.toNumber(), v.integer(), v.minValue(min), v.maxValue(max));

/** The largest id of a bigserial column that JavaScript numbers hold exactly. */
export const maxSerialId = Number.MAX_SAFE_INTEGER;
