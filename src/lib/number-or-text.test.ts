// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { numberOrText } from './form.ts';

describe('numberOrText: a number field’s text as the API takes it', () => {
  it('empty is null, a number is a number, anything else stays text for the schema to name', () => {
    expect(numberOrText('  ')).toBeNull();
    expect(numberOrText(' 5 ')).toBe(5);
    expect(numberOrText('-2.5')).toBe(-2.5);
    expect(numberOrText('soon')).toBe('soon');
    expect(numberOrText('1e3')).toBe('1e3');
  });
});
