import * as v from 'valibot';
import { messages } from '../../domain/messages.ts';
import { ApiRequestError } from './api.ts';

/** The first message among a field's errors (strings, or Standard Schema issues). */
export function firstError(errors: readonly unknown[] | undefined): string | undefined {
  for (const error of errors ?? []) {
    if (!error) continue;
    if (typeof error === 'string') return error;
    if (typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  }
  return undefined;
}

/**
 * Field errors of a valibot parse, keyed by form field: `keyOf` turns an issue's dotted path
 * ('name.0.family') into the form's field name ('name'); the first message per field wins.
 */
export function schemaFieldErrors(
  schema: v.GenericSchema,
  input: unknown,
  keyOf: (path: string) => string | null = (path) => path.split('.')[0] ?? null,
): Record<string, string> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = keyOf(v.getDotPath(issue) ?? '');
    if (key) fields[key] ??= issue.message;
  }
  return fields;
}

/** A form-level validator's answer: undefined when there is nothing to say. */
export const formErrors = (fields: Record<string, string>) => (Object.keys(fields).length > 0 ? { fields } : undefined);

/** The server's field errors (ApiRequestError.fields), keyed by the form's field names. */
export function serverFieldErrors(error: unknown, keyOf: (path: string) => string | null = (path) => path.split('.')[0] ?? null): Record<string, string> {
  if (!(error instanceof ApiRequestError)) return {};
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.fields)) {
    const key = keyOf(path);
    if (key) fields[key] ??= message;
  }
  return fields;
}

/** The form-level message of a failed save: the API's own words, unless they only say 'invalid request' (the fields say more). */
export const saveFailure = (error: unknown) => (error instanceof ApiRequestError && error.message !== messages.invalidRequest ? error.message : messages.serverError);

/** A stale version (409 without field messages); a 409 naming a field (a number already taken) is that field's error. */
export const isConflict = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 409 && error.code === 'conflict' && Object.keys(error.fields).length === 0;
export const isNotFound = (error: unknown) => error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

/** Stable comparison of form values (key order as built by the form). */
export const sameValues = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A number field's text as the API takes it: empty is null (the field's default), a number is a
 * number, anything else stays text so the schema names the field's bounds instead of passing NaN.
 */
export function numberOrText(value: string): number | string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}
