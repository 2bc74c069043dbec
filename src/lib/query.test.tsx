// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { justFetchedMs, noteNavigationSettled, noteNavigationStart, queryDefaults } from './query.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const read = vi.fn(() => Promise.resolve({ items: ['Ada'] }));
const list = { queryKey: ['acc', 'persons', 'list'], queryFn: read };

function Screen({ page = 1 }: { page?: number }) {
  const { data } = useQuery(page === 1 ? list : pageOf(page));
  return <p>{data?.items.join(', ')}</p>;
}
const pageOf = (page: number) => ({ queryKey: [...list.queryKey, { page }], queryFn: read });

let root: Root;
let queryClient: QueryClient;
let now: number;
const mount = (page = 1) => act(async () => root.render(<QueryClientProvider client={queryClient}><Screen page={page} /></QueryClientProvider>));

beforeEach(() => {
  read.mockClear();
  now = Date.parse('2026-11-28T12:00:00Z');
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  // This test's navigation begins now.
  noteNavigationStart();
  queryClient = new QueryClient({ defaultOptions: queryDefaults });
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  vi.restoreAllMocks();
});

describe('the query defaults', () => {
  it('a screen mounting on what the route loader has just fetched does not read it again', async () => {
    await queryClient.ensureQueryData(list);
    now += 300;
    await mount();
    expect(read).toHaveBeenCalledTimes(1);
    expect(document.body.textContent).toContain('Ada');
  });

  it('a screen opened again by a new navigation reads its data again, however recent (Back: a grant lost meanwhile is refused then)', async () => {
    await queryClient.ensureQueryData(list);
    now += 300;
    noteNavigationStart();
    await mount();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('a screen mounting on it on a busy machine, its navigation still under way 5 s after the read, does not read it again', async () => {
    await queryClient.ensureQueryData(list);
    now += 5_000;
    await mount();
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('a screen opened again later reads its data again (2 s after its navigation settled)', async () => {
    await queryClient.ensureQueryData(list);
    noteNavigationSettled();
    now += justFetchedMs;
    await mount();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('a list shown already, moved to the page its route loader has just fetched (next page, a sort), does not read it again', async () => {
    await queryClient.ensureQueryData(list);
    await mount();
    noteNavigationSettled();
    expect(read).toHaveBeenCalledTimes(1);
    // The next page: a navigation begins, its loader reads page 2, the list shown switches to it.
    now += 5_000;
    noteNavigationStart();
    await queryClient.ensureQueryData(pageOf(2));
    now += 300;
    await mount(2);
    expect(read).toHaveBeenCalledTimes(2);
    // Back to page 1 (a new navigation, no loader read): that page is read again.
    now += 5_000;
    noteNavigationStart();
    await mount(1);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('data invalidated since it arrived is read again at once', async () => {
    await queryClient.ensureQueryData(list);
    await queryClient.invalidateQueries({ queryKey: list.queryKey, refetchType: 'none' });
    await mount();
    expect(read).toHaveBeenCalledTimes(2);
  });
});
