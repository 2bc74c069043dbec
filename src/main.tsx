// First, so that keys typed while the app starts are held for it rather than lost.
import './lib/key-buffer.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { Provider as JotaiProvider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouteError } from './components/ui/no-permission.tsx';
import { NotFound } from './components/ui/not-found.tsx';
import { routeTree } from './routeTree.gen.ts';
import { store } from './state/account.ts';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // Spec §7: cached queries are not refetched on window focus.
    queries: { refetchOnWindowFocus: false, retry: 1 },
  },
});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  // A guarded route refused (its beforeLoad, or a refusal after it was shown): the "no permission" screen.
  defaultErrorComponent: RouteError,
  defaultNotFoundComponent: () => (
    <main>
      <NotFound />
    </main>
  ),
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Register {
    router: typeof router;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface StaticDataRouteOption {
    /** A route of the spec that only shows the home content: routable, but not a palette destination. */
    showsHome?: boolean;
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </JotaiProvider>
  </StrictMode>,
);
