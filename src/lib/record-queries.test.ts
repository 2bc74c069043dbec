// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ListSearch } from './list-search.ts';
import { recordQueries } from './record-queries.ts';
import { searchKeys } from './search-keys.ts';

type Row = { id: string };
type List = { items: Row[] };
type Search = ListSearch<'name'>;

describe('recordQueries', () => {
  const searched = recordQueries<Row, List, Search, { name: string }, { name: string }>({ area: 'things', collection: '/things/things', searched: true });
  const unsearched = recordQueries<Row, List, Search, { name: string }, { name: string }>({ area: 'keys', collection: '/keys' });

  it('keys put the account first, so switching accounts clears the area', () => {
    expect(searched.keys.all('a1')).toEqual(['a1', 'things']);
    expect(searched.keys.lists('a1')).toEqual(['a1', 'things', 'list']);
    expect(searched.keys.detail('a1', 'x')).toEqual(['a1', 'things', 'detail', 'x']);
    expect(searched.recordQuery('a1', 'x').queryKey).toEqual(['a1', 'things', 'detail', 'x']);
  });

  it('a record path escapes its id', () => {
    expect(searched.path('a/b')).toBe('/things/things/a%2Fb');
  });

  it("the delete target refreshes the palette's search only for an area that is in it", () => {
    const target = searched.deleteTarget('Thing')('a1', { id: 'x', name: 'X' });
    expect(target).toEqual({
      path: '/things/things/x',
      restorePath: '/things/things/x/restore',
      kind: 'Thing',
      name: 'X',
      invalidate: [['a1', 'things', 'list'], ['a1', 'things', 'detail', 'x'], searchKeys.all('a1')],
    });
    expect(unsearched.deleteTarget('Key')('a1', { id: 'x', name: 'X' }).invalidate).toEqual([['a1', 'keys', 'list'], ['a1', 'keys', 'detail', 'x']]);
  });
});
