// The real palette component with 10,000 commands, mounted alone so a browser can time it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { Provider as JotaiProvider } from 'jotai';
import { createRoot } from 'react-dom/client';
import type { AccessPolicy } from '../../domain/api.ts';
import { Palette } from '../../src/palette/palette.tsx';
import type { Command } from '../../src/palette/types.ts';
import { store } from '../../src/state/account.ts';
import { paletteOpenAtom } from '../../src/state/palette.ts';
import '../../src/styles.css';

const count = Number(new URLSearchParams(location.search).get('n') ?? 10_000);
const words = ['patient', 'callback', 'queue', 'survey', 'location', 'schedule', 'practitioner', 'insurance', 'workflow', 'contact'];
const commands: Command[] = Array.from({ length: count }, (_, i) => ({
  id: `bench-${i}`,
  label: `${words[i % words.length]} ${words[(i * 7) % words.length]} record ${i}`,
  group: `Group ${i % 12}`,
  keywords: [words[(i * 3) % words.length]!],
  run: () => {},
}));

const policy: AccessPolicy = {
  accountId: 'bench',
  accountName: 'Bench',
  homeAccountId: 'bench',
  instanceAdmin: false,
  role: 'Bench',
  resources: {},
  user: { id: 'bench', name: 'Bench User', email: 'bench@astera.test' },
  assumedAccounts: [],
};

function Bench() {
  return (
    <Palette
      policy={policy}
      commands={commands}
      searchRecords={false}
      context={{ policy, pathname: '/', navigate: () => {}, openPanel: () => {}, openTab: () => {} }}
    />
  );
}

const router = createRouter({ routeTree: createRootRoute({ component: Bench }) });
store.set(paletteOpenAtom, true);
createRoot(document.getElementById('root')!).render(
  <JotaiProvider store={store}>
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </JotaiProvider>,
);
