import { describe, expect, it } from 'vitest';
import { isIsoTimestamp, isUuid, matching, oneOf, searchParams, text, whole } from './search-params.ts';

describe('URL parameters read without a schema library', () => {
  const schema = searchParams({ page: whole(1, 1), size: oneOf([10, 20] as const, 10), q: text(5), on: oneOf([1, '1'], undefined), id: matching(isUuid, undefined) });

  it('takes what is valid, as the router parsed it', () => {
    expect(schema.parse({ page: 3, size: 20, q: 'abc', on: '1', id: '0b9f1e4c-6a3d-4c1e-9f0a-2b7c8d9e0f1a' })).toEqual({
      page: 3,
      size: 20,
      q: 'abc',
      on: '1',
      id: '0b9f1e4c-6a3d-4c1e-9f0a-2b7c8d9e0f1a',
    });
  });

  it('falls back part by part for a hand-edited URL, and for no URL at all', () => {
    expect(schema.parse({ page: 0, size: 30, q: 'abcdef', on: 2, id: 'nope' })).toEqual({ page: 1, size: 10, q: '', on: undefined, id: undefined });
    expect(schema.parse({ page: 2.5, size: '20' })).toMatchObject({ page: 1, size: 10 });
    expect(schema.parse(undefined)).toEqual({ page: 1, size: 10, q: '', on: undefined, id: undefined });
  });

  it('keeps a number typed into a text parameter as text (?q=123)', () => {
    expect(schema.parse({ q: 123 }).q).toBe('123');
    expect(schema.parse({ q: Number.NaN }).q).toBe('');
  });

  it('is a Standard Schema the router validates with', () => {
    expect(schema['~standard'].validate({ page: 2 })).toEqual({ value: { page: 2, size: 10, q: '', on: undefined, id: undefined } });
  });

  it('tells a moment from other text as valibot did', () => {
    expect(isIsoTimestamp('2026-03-08T09:30:00.000Z')).toBe(true);
    expect(isIsoTimestamp('2026-03-08T09:30:00+01:00')).toBe(true);
    expect(isIsoTimestamp('2026-03-08')).toBe(false);
    expect(isIsoTimestamp('2026-13-08T09:30:00Z')).toBe(false);
  });
});
