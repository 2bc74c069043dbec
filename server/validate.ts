import { validator } from 'hono/validator';
import * as v from 'valibot';
import { messages } from '../domain/messages.ts';
import { badRequest } from './errors.ts';

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
  const result = v.safeParse(schema, value);
  if (!result.success) throw badRequest(messages.invalidRequest, fieldErrors(result.issues));
  return result.output;
}

export const query = <S extends v.GenericSchema>(schema: S) =>
  validator('query', (value) => check(schema, value));

export const json = <S extends v.GenericSchema>(schema: S) =>
  validator('json', (value) => check(schema, value));

export const param = <S extends v.GenericSchema>(schema: S) =>
  validator('param', (value) => check(schema, value));
