// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { teamsMessages } from '../../../domain/teams.ts';

vi.mock('../../lib/auth.ts', () => ({ accessToken: () => Promise.resolve('token'), signIn: vi.fn() }));
const request = vi.fn<(path: string) => Promise<unknown>>();
vi.mock('../../lib/api.ts', async (original) => ({ ...(await original<typeof import('../../lib/api.ts')>()), request: (path: string) => request(path) }));
// The list itself (router links, table) is not what is tested: only which screen shows.
vi.mock('../../components/ui/record-list.tsx', () => ({ RecordList: ({ title }: { title: string }) => <p>{title} list</p> }));
const { ApiRequestError } = await import('../../lib/api.ts');
const { TeamsScreen } = await import('./teams-screen.tsx');
const { TeamsUsersScreen } = await import('./teams-users-screen.tsx');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLElement;
beforeEach(() => {
  request.mockReset();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const search = { page: 1, size: 20, sort: 'name', dir: 'asc', q: '' } as never;

it.each([
  ['Teams', () => <TeamsScreen search={search} onSearchChange={() => {}} />],
  ['Teams Users', () => <TeamsUsersScreen search={search} onSearchChange={() => {}} />],
])('the %s screen says the tenant’s administrator has not consented, and what to ask for, when the API says so', async (title, Screen) => {
  request.mockRejectedValue(new ApiRequestError(409, 'tenant_not_consented', teamsMessages.tenantNotConsented));
  await act(async () =>
    root.render(
      <Provider store={createStore()}>
        <QueryClientProvider client={new QueryClient()}>
          <Screen />
        </QueryClientProvider>
      </Provider>,
    ),
  );
  // A bound on a hung test only (the machine is shared), not a timing that is tested.
  await vi.waitFor(() => expect(container.querySelector('[role="status"]')).not.toBeNull(), { timeout: 30_000 });
  expect(container.querySelector('h1')?.textContent).toBe(title);
  const notice = container.querySelector('[role="status"]')!.textContent;
  expect(notice).toContain(teamsMessages.tenantNotConsented);
  expect(notice).toContain(teamsMessages.tenantNotConsentedHint);
});
