import { validator } from 'hono/validator';
import * as v from 'valibot';
import { fieldLabel } from '../domain/fields.ts';
import { expectationMessage, type expectationMessages, messages } from '../domain/messages.ts';
import { isStorableText } from '../domain/text.ts';
import { badRequest } from './errors.ts';

const kinds: Partial<Record<string, keyof typeof expectationMessages>> = {
  array: 'array',
  bigint: 'bigint',
  boolean: 'boolean',
  integer: 'integer',
  null: 'null',
  number: 'number',
  object: 'object',
  loose_object: 'object',
  strict_object: 'object',
  string: 'string',
  to_number: 'number',
  uuid: 'uuid',
  email: 'email',
  iso_date: 'iso_date',
  non_empty: 'non_empty',
};

/** Where a fallback message names its field: the label is known only once the whole path is (after the parse). */
const label = '{label}';

/**
 * What a field expects, for the issues whose schema gave no message of its own. Valibot's default
 * messages quote the value received ('Expected number but received "…"'), and an error never
 * echoes the request (architecture "API shape"), so this is built from the schema's side only: a
 * text of `expectationMessages` (domain/messages.ts), whose label `fieldErrors` fills in.
 */
export function expectation(issue: v.BaseIssue<unknown>): string {
  const requirement: unknown = issue.requirement;
  const items = typeof issue.input === 'string' ? 'text' : 'items';
  switch (issue.type) {
    case 'min_value':
      return expectationMessage('min_value', label, String(requirement));
    case 'max_value':
      return expectationMessage('max_value', label, String(requirement));
    case 'min_length':
      return expectationMessage(`min_length_${items}`, label, String(requirement));
    case 'max_length':
      return expectationMessage(`max_length_${items}`, label, String(requirement));
    case 'picklist':
    case 'literal':
    case 'union':
    case 'variant':
      return issue.expected ? expectationMessage('one_of', label, issue.expected) : expectationMessage('not_allowed', label);
  }
  return expectationMessage(kinds[issue.type] ?? 'invalid', label);
}

/** The label of the field at a dotted path: its last named key ('names.0.first' → 'First'); the request itself at the root. */
export function pathLabel(path: string | null): string {
  const key = path?.split('.').reverse().find((part) => !/^\d+$/.test(part));
  return key ? fieldLabel(key) : 'The request';
}

/** Field errors keyed by dotted path, first message per field; never echoes the input. */
export function fieldErrors(issues: v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue);
    fields[path ?? '_'] ??= issue.message.replace(label, pathLabel(path));
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
