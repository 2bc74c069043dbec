import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseTagFilter, tagQueryParam } from './tags.ts';

describe('tag filters (tag=key or tag=key:value)', () => {
  it('splits at the first colon and trims both parts', () => {
    expect(parseTagFilter('language:Spanish')).toEqual({ key: 'language', value: 'Spanish' });
    expect(parseTagFilter(' line : Pharmacy refills ')).toEqual({ key: 'line', value: 'Pharmacy refills' });
    expect(parseTagFilter('time:10:30')).toEqual({ key: 'time', value: '10:30' });
    expect(parseTagFilter('vip')).toEqual({ key: 'vip' });
    expect(parseTagFilter('vip:')).toEqual({ key: 'vip' });
  });

  it('has no filter without a key, or with parts over their bounds', () => {
    expect(parseTagFilter(':Spanish')).toBeNull();
    expect(parseTagFilter('  ')).toBeNull();
    expect(parseTagFilter(`${'k'.repeat(51)}:v`)).toBeNull();
    expect(parseTagFilter(`k:${'v'.repeat(101)}`)).toBeNull();
  });

  it('a list query ignores an unusable tag parameter instead of refusing the request', () => {
    expect(v.parse(tagQueryParam, 'language:Spanish')).toEqual({ key: 'language', value: 'Spanish' });
    expect(v.parse(tagQueryParam, ':x')).toBeUndefined();
    expect(v.parse(tagQueryParam, undefined)).toBeUndefined();
  });

  it('refuses text PostgreSQL cannot store, and a list of values (issue 24: a 400, never a 500)', () => {
    expect(v.safeParse(tagQueryParam, 'vip\u0000').success).toBe(false);
    expect(v.safeParse(tagQueryParam, 'a:\ud800').success).toBe(false);
    expect(v.safeParse(tagQueryParam, ['a', 'b']).success).toBe(false);
  });
});
