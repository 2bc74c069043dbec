// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { justFetchedMs, noteNavigationStart, queryDefaults } from './query.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const read = vi.fn(() => Promise.resolve({ items: ['Ada'] }));
const list = { queryKey: ['acc', 'persons', 'list'], queryFn: read };

function Screen() {
  const { data } = useQuery(list);
  return <p>{data?.items.join(', ')}</p>;
}

let root: Root;
let queryClient: QueryClient;
let now: number;
const mount = () => act(async () => root.render(<QueryClientProvider client={queryClient}><Screen /></QueryClientProvider>));

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

  it('a screen opened again later reads its data again (staleTime stays 0)', async () => {
    await queryClient.ensureQueryData(list);
    now += justFetchedMs;
    await mount();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('data invalidated since it arrived is read again at once', async () => {
    await queryClient.ensureQueryData(list);
    await queryClient.invalidateQueries({ queryKey: list.queryKey, refetchType: 'none' });
    await mount();
    expect(read).toHaveBeenCalledTimes(2);
  });
});
