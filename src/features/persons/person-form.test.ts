// @vitest-environment happy-dom
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { personCreateSchema, type NameEntry } from '../../../domain/persons.ts';
import { emptyPerson, toCreateBody, withLanguages } from './person-form.tsx';

const name: NameEntry = { use: 'official', text: 'Ana Ruiz', family: 'Ruiz', given: ['Ana'], prefix: [], suffix: [] };

describe('communication languages', () => {
  it('marks the first chosen language preferred', () => {
    expect(withLanguages(['fr-FR', 'de'], [])).toEqual([
      { code: 'fr-FR', preferred: true },
      { code: 'de', preferred: false },
    ]);
  });

  it('keeps the chosen preference while that language stays chosen', () => {
    const current = withLanguages(['fr-FR', 'de'], []).map((c) => ({ ...c, preferred: c.code === 'de' }));
    expect(withLanguages(['fr-FR', 'de', 'cy'], current).find((c) => c.preferred)?.code).toBe('de');
    expect(withLanguages(['fr-FR', 'cy'], current).find((c) => c.preferred)?.code).toBe('fr-FR');
  });
});

describe('the create body', () => {
  it('is what the API validates', () => {
    const body = toCreateBody({ ...emptyPerson, name: [name], gender: 'F', orgRole: ' Patient ', communication: withLanguages(['es-US'], []) }, false);
    expect(v.parse(personCreateSchema, body)).toMatchObject({ gender: 'F', orgRole: 'Patient', communication: [{ code: 'es-US', preferred: true }] });
  });

  it('sends the account only for administrators who chose one, and no gender as null', () => {
    const values = { ...emptyPerson, name: [name], accountId: '00000000-0000-4000-8000-000000000001' };
    expect(toCreateBody(values, true).accountId).toBe(values.accountId);
    expect(toCreateBody(values, false).accountId).toBeUndefined();
    expect(toCreateBody(values, true).gender).toBeNull();
  });
});
