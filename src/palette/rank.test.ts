import { describe, expect, it } from 'vitest';
import { rank, score, tokenize } from './rank.ts';

const entries = [
  { label: 'Persons', keywords: ['practice', 'patients'] },
  { label: 'Create person' },
  { label: 'Practitioners' },
  { label: 'Users' },
  { label: 'Roles', keywords: ['permissions'] },
];

describe('palette ranking', () => {
  it('prefers a prefix match and shorter labels', () => {
    expect(rank(entries, 'pers', 3).map((e) => e.label).slice(0, 2)).toEqual(['Persons', 'Create person']);
  });

  it('matches keywords and subsequences, and drops non-matches', () => {
    expect(rank(entries, 'permissions', 5).map((e) => e.label)).toEqual(['Roles']);
    expect(rank(entries, 'prctnr', 5).map((e) => e.label)).toEqual(['Practitioners']);
    expect(rank(entries, 'zzz', 5)).toEqual([]);
  });

  it('needs every token to match', () => {
    expect(score({ label: 'Create person' }, tokenize('create pers'))).toBeGreaterThan(0);
    expect(score({ label: 'Create person' }, tokenize('create user'))).toBe(0);
  });

  it('caps the result and keeps the best of many', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ label: `Record ${i}` }));
    const top = rank([...many, { label: 'Record' }], 'record', 50);
    expect(top).toHaveLength(50);
    expect(top[0]!.label).toBe('Record');
  });
});
