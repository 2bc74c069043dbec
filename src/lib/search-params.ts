/**
 * A route's URL state, read without a schema library (issue 25: the first screen's size). Every
 * route's `validateSearch` loads with the first screen (the router needs it to match a link), and
 * a valibot schema there brought every valibot function any form of the app uses into the first
 * screen's chunk (a module is one chunk). These small readers do what those schemas did: each
 * part of a hand-edited URL (`?page=-3&size=7&sort=nope`) falls back to its default, so it
 * degrades to a working screen instead of an error. Forms keep valibot (src/lib/form.ts).
 */
/** Reads one URL parameter: the value the router parsed (a number for `?q=123`), or the fallback. */
export type SearchParam<T> = (value: unknown) => T;

type Shape = Record<string, SearchParam<unknown>>;
export type SearchOf<S extends Shape> = { [K in keyof S]: ReturnType<S[K]> };

/**
 * A route's `validateSearch`, as a Standard Schema (https://standardschema.dev), which the router
 * reads: links and navigations may give any parameter (typed `input`: the others take their
 * defaults), and the screen reads every one (`output`). `parse` is the same for other callers.
 */
export type SearchSchema<S extends Shape> = {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'astera';
    readonly validate: (value: unknown) => { readonly value: SearchOf<S> };
    readonly types?: { readonly input: Partial<SearchOf<S>>; readonly output: SearchOf<S> };
  };
  readonly parse: (raw: unknown) => SearchOf<S>;
  readonly shape: S;
};

/** Every parameter of `shape`, each read by its reader. */
export function searchParams<S extends Shape>(shape: S): SearchSchema<S> {
  const parse = (raw: unknown) => {
    const values = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(shape).map(([key, read]) => [key, read(values[key])])) as SearchOf<S>;
  };
  return { '~standard': { version: 1, vendor: 'astera', validate: (value) => ({ value: parse(value) }) }, parse, shape };
}

/** Text of at most `max` characters; the router parses `?q=123` as a number, and a filter is text either way. */
export const text =
  (max: number, fallback = ''): SearchParam<string> =>
  (value) => {
    const string = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
    return typeof string === 'string' && string.length <= max ? string : fallback;
  };

/** Text that passes `test` (a date, an id), else the fallback. */
export const matching =
  <F extends string | undefined>(test: (value: string) => boolean, fallback: F): SearchParam<string | F> =>
  (value) =>
    typeof value === 'string' && test(value) ? value : fallback;

/** A whole number of at least `min`. */
export const whole =
  (min: number, fallback: number): SearchParam<number> =>
  (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min ? value : fallback;

/** One of `values` (exactly, as the router parsed it), else the fallback. */
export const oneOf =
  <const T extends readonly (string | number)[], F extends T[number] | undefined>(values: T, fallback: F): SearchParam<T[number] | F> =>
  (value) =>
    (values as readonly unknown[]).includes(value) ? (value as T[number]) : fallback;

/** A record id in a URL (valibot's `uuid` test, kept here so the first screen needs no valibot). */
export const isUuid = (value: string) => /^[\da-f]{8}(?:-[\da-f]{4}){3}-[\da-f]{12}$/iu.test(value);

/** A moment in a URL (valibot's `isoTimestamp` test). */
export const isIsoTimestamp = (value: string) =>
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:[12]\d|0[1-9]|3[01])[T ](?:0\d|1\d|2[0-3])(?::[0-5]\d){2}(?:\.\d{1,9})?(?:Z| ?[+-](?:0\d|1\d|2[0-3])(?::?[0-5]\d)?)$/u.test(value);
