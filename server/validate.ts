import { validator } from 'hono/validator';
import * as v from 'valibot';
import { messages } from '../domain/messages.ts';
import { isStorableText } from '../domain/text.ts';
import { badRequest } from './errors.ts';

const kinds: Record<string, string> = {
  array: 'a list',
  bigint: 'a whole number',
  boolean: 'true or false',
  integer: 'a whole number',
  null: 'null',
  number: 'a number',
  object: 'an object',
  loose_object: 'an object',
  strict_object: 'an object',
  string: 'text',
  to_number: 'a number',
  uuid: 'a UUID',
  email: 'an email address',
  iso_date: 'a date (YYYY-MM-DD)',
  non_empty: 'not empty',
};

/**
 * What a field expects, for the issues whose schema gave no message of its own. Valibot's default
 * messages quote the value received ('Expected number but received "…"'), and an error never
 * echoes the request (architecture "API shape"), so this is built from the schema's side only.
 */
export function expectation(issue: v.BaseIssue<unknown>): string {
  const requirement: unknown = issue.requirement;
  switch (issue.type) {
    case 'min_value':
      return `must be at least ${String(requirement)}`;
    case 'max_value':
      return `must be at most ${String(requirement)}`;
    case 'min_length':
      return `must have at least ${String(requirement)} ${typeof issue.input === 'string' ? 'characters' : 'items'}`;
    case 'max_length':
      return `must have at most ${String(requirement)} ${typeof issue.input === 'string' ? 'characters' : 'items'}`;
    case 'picklist':
    case 'literal':
    case 'union':
    case 'variant':
      return issue.expected ? `must be one of ${issue.expected}` : 'is not one of the allowed values';
  }
  const kind = kinds[issue.type];
  return kind ? `must be ${kind}` : 'is not valid';
}

/** Field errors keyed by dotted path, first message per field; never echoes the input. */
export function fieldErrors(issues: v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

function check<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value, { message: expectation });
  if (!result.success) throw badRequest(messages.invalidRequest, fieldErrors(result.issues));
  return result.output;
}

/** The first top-level key of `value` holding text PostgreSQL cannot store (anywhere inside it), if any. */
function unstorableKey(value: unknown): string | undefined {
  const bad = (inner: unknown): boolean =>
    typeof inner === 'string' ? !isStorableText(inner) : typeof inner === 'object' && inner !== null && Object.values(inner).some(bad);
  if (typeof value !== 'object' || value === null) return undefined;
  return Object.entries(value).find(([, inner]) => bad(inner))?.[0];
}

/** Where a `query()` validator keeps its schema, so the route table tells each route's parameters (server/test/routes.ts). */
export const querySchema = Symbol('querySchema');

/**
 * A query string's validator. Every parameter is validated like a body field (issue 24): what the
 * schema refuses is a 400 naming the parameter. As a backstop for a parameter whose schema forgets
 * it, text PostgreSQL cannot store (NUL, a lone surrogate) that the schema let through is refused
 * the same way, before it can reach SQL and fail there (a 500).
 */
export const query = <S extends v.GenericSchema>(schema: S) => {
  const middleware = validator('query', (value) => {
    const output = check(schema, value);
    const bad = unstorableKey(output);
    if (bad !== undefined) throw badRequest(messages.invalidRequest, { [bad]: messages.textInvalid });
    return output;
  });
  return Object.assign(middleware, { [querySchema]: schema });
};

export const json = <S extends v.GenericSchema>(schema: S) =>
  validator('json', (value) => check(schema, value));

export const param = <S extends v.GenericSchema>(schema: S) =>
  validator('param', (value) => check(schema, value));
