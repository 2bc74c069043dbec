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

describe('results contain what was typed (issue 24)', () => {
  const palette = [
    { label: 'Persons', keywords: ['patients', 'people'] },
    { label: 'Create person' },
    { label: 'Roles', keywords: ['permissions'] },
    { label: 'Contact Points', keywords: ['phone', 'numbers'] },
    { label: 'Create role', keywords: ['permissions', 'new'] },
    { label: 'Practitioners', keywords: ['doctors', 'clinicians'] },
    { label: 'Insurances', keywords: ['payers', 'plans', 'billing'] },
  ];

  it('"persons" lists Persons and Create person only, not Roles, Contact Points or Create role', () => {
    expect(rank(palette, 'persons', 10).map((e) => e.label)).toEqual(['Persons']);
    expect(rank(palette, 'person', 10).map((e) => e.label)).toEqual(['Persons', 'Create person']);
  });

  it('forgives a typo of a whole word only when nothing contains what was typed', () => {
    expect(rank(palette, 'pesrons', 10).map((e) => e.label)).toEqual(['Persons']);
    expect(rank(palette, 'pesrons', 10, 'never')).toEqual([]);
    expect(rank(palette, 'rol', 10).map((e) => e.label)).toEqual(['Roles', 'Create role']);
  });
});

describe('scores kept per list between keystrokes (issue 41)', () => {
  const words = ['patient', 'callback', 'queue', 'survey', 'location', 'schedule', 'practitioner', 'insurance'];
  const list = Array.from({ length: 2_000 }, (_, i) => ({ label: `${words[i % 8]} ${words[(i * 3) % 8]} record ${i}`, keywords: [words[(i * 5) % 8]!] }));

  it('answers each keystroke of a query as a fresh list would, typed forward, back and with typos', () => {
    const typed = ['p', 'pa', 'pat', 'patient', 'patient ', 'patient r', 'patient re', 'patient rec', 'patient record 1', 'patient record 12', 'patient record 1', 'patient q', 'patient qu', 'qeueu', 'surve', 'survey cal', 'sruvey', 'zz', ''];
    for (const query of typed) {
      // The same array each time (its kept scores), against a copy that has none.
      expect(rank(list, query, 40).map((e) => e.label), query).toEqual(rank([...list], query, 40).map((e) => e.label));
    }
    expect(rank(list, 'patient record 12', 40).length).toBeGreaterThan(0);
    expect(rank(list, 'sruvey', 40).length).toBeGreaterThan(0);
  });
});
