import { describe, expect, it } from 'vitest';
import { personSortColumns } from '../../domain/persons.ts';
import { listSearchSchema, toListQuery } from './list-search.ts';

const schema = listSearchSchema(personSortColumns);

describe('list search params', () => {
  it('defaults every part', () => {
    expect(schema.parse({})).toEqual({ page: 1, size: 10, sort: 'name', order: 'asc', q: '' });
  });

  it('degrades a hand-edited URL part by part instead of failing', () => {
    expect(schema.parse({ page: -3, size: 7, sort: 'nope', order: 'sideways', q: 'ok' })).toEqual({ page: 1, size: 10, sort: 'name', order: 'asc', q: 'ok' });
    expect(schema.parse({ page: 2.5, size: '20', sort: 'user', order: 'desc' })).toMatchObject({ page: 1, size: 10, sort: 'user', order: 'desc' });
  });

  it('keeps a numeric filter as text (the router parses ?q=123 as a number)', () => {
    expect(schema.parse({ q: 123 }).q).toBe('123');
  });

  it('asks the API with its own names, and no empty filter', () => {
    expect(toListQuery({ page: 3, size: 20, sort: 'orgRole', order: 'desc', q: '  ' })).toEqual({ page: 3, limit: 20, sort: 'orgRole', order: 'desc' });
    expect(toListQuery({ page: 1, size: 10, sort: 'name', order: 'asc', q: ' Ruiz ' })).toMatchObject({ q: 'Ruiz' });
  });
});
