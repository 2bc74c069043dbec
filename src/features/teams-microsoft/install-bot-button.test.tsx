// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { grantAll } from '../../../domain/permissions.ts';
import { teamsMessages } from '../../../domain/teams.ts';

vi.mock('../../lib/auth.ts', () => ({ accessToken: () => Promise.resolve('token'), signIn: vi.fn() }));
const request = vi.fn<(path: string, options?: { method?: string }) => Promise<unknown>>();
vi.mock('../../lib/api.ts', async (original) => ({ ...(await original<typeof import('../../lib/api.ts')>()), request: (path: string, options?: { method?: string }) => request(path, options) }));
const { Toaster } = await import('../../components/ui/toast.tsx');
const { policyAtom } = await import('../../state/account.ts');
const { InstallBotButton } = await import('./install-bot-button.tsx');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLElement;
let markInstalled: () => void = () => {};

/** A team screen: the button shows while the team has no bot, as on the channels screen and the teams list. */
function TeamScreen() {
  const [installed, setInstalled] = useState(false);
  markInstalled = () => setInstalled(true);
  return (
    <>
      {installed ? <p>Bot installed: Yes</p> : <InstallBotButton teamId="t1" teamName="Clinical Staff" />}
      <Toaster />
    </>
  );
}

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

it('says "Bot installed." even when the refetch that the install starts removes the button first', async () => {
  const queryClient = new QueryClient();
  // The install's own invalidation refetches the team, which now has the bot: the button goes
  // before the install's promise settles (the order a busy machine produced in CI).
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async () => {
    markInstalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  request.mockResolvedValue({ id: 't1', displayName: 'Clinical Staff', installed: true });
  const store = createStore();
  store.set(policyAtom, { accountId: 'a', accountName: 'Lakeside', instanceAdmin: false, role: 'Practice Administrator', resources: grantAll(), homeAccountId: 'a', user: { id: 'u', name: 'Maria Lopez', email: 'manager@astera.test' }, assumedAccounts: [] });
  await act(async () =>
    root.render(
      <Provider store={store}>
        <QueryClientProvider client={queryClient}>
          <TeamScreen />
        </QueryClientProvider>
      </Provider>,
    ),
  );
  const button = container.querySelector('button');
  expect(button?.getAttribute('aria-label')).toBe('Install bot on Clinical Staff');
  await act(async () => {
    button!.click();
    await vi.waitFor(() => expect(container.textContent).toContain('Bot installed: Yes'));
  });
  await act(async () => {});
  expect(container.textContent).toContain('Bot installed: Yes');
  expect(container.querySelector('[role="status"]')?.textContent).toContain(teamsMessages.botInstalled);
});
