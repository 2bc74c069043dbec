import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { expectation, fieldErrors } from './validate.ts';

describe("the server's fallback messages name their field (issue 24)", () => {
  it('a schema issue with no message of its own says the label of its field, never a bare "must …"', () => {
    const schema = v.object({ timeZone: v.number(), names: v.array(v.object({ firstName: v.pipe(v.string(), v.maxLength(3)) })), active: v.boolean(), kind: v.picklist(['a', 'b']) });
    const result = v.safeParse(schema, { timeZone: 'x', names: [{ firstName: 'long' }], active: 'yes', kind: 'c' }, { message: expectation });
    expect(fieldErrors(result.issues ?? [])).toEqual({
      timeZone: 'Time zone must be a number',
      'names.0.firstName': 'First name must have at most 3 characters',
      active: 'Active must be true or false',
      kind: 'Kind must be one of ("a" | "b")',
    });
    expect(fieldErrors(v.safeParse(schema, 'text', { message: expectation }).issues ?? [])).toEqual({ _: 'The request must be an object' });
  });
});
