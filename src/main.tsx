// First, so that keys typed while the app starts are held for it rather than lost.
import './lib/key-buffer.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { Provider as JotaiProvider } from 'jotai';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouteError } from './components/ui/no-permission.tsx';
import { NotFound } from './components/ui/not-found.tsx';
import { noteNavigationSettled, noteNavigationStart, queryDefaults } from './lib/query.ts';
import { routeTree } from './routeTree.gen.ts';
import { store } from './state/account.ts';
import './styles.css';

const queryClient = new QueryClient({ defaultOptions: queryDefaults });

function createAppRouter() {
  return createRouter({
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
}

declare module '@tanstack/react-router' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface StaticDataRouteOption {
    /** A route of the spec that only shows the home content: routable, but not a palette destination. */
    showsHome?: boolean;
  }
}

/** The browser's next task: what runs after it is a task of its own, and the page can paint and take keys between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The page starts in steps, each a task of its own, none long (issue 25: Lighthouse counts every
 * main-thread task over 50 ms on its 4× slower phone as blocking): the modules' evaluation (this
 * task), the router's route tree, the route's checks and data (their requests go out), the
 * route's code asked for, then the first render.
 *
 * The route's checks and data are loaded before the first render, and that render is a
 * transition: React renders the whole page in slices that yield to the browser, where the
 * router's own first load (its state read by hooks that render synchronously) made it one long
 * task after the first paint. The page shows once, complete; the boot screen in index.html stands
 * meanwhile (as it did before: the shell also waited for the page's data), and the key buffer
 * holds what is typed.
 *
 * The first screen's code is asked for beside its checks rather than after them: the router loads
 * a route's chunk once every `beforeLoad` has passed, and a guarded screen's waits for the access
 * policy, one round trip more before the screen's data can be asked for (Lighthouse's largest
 * paint). In the task after the checks', so that the policy is sent first: over HTTP/1.1 the
 * chunks would otherwise take the six connections before it. A screen the role may not open has
 * only its code loaded, never shown.
 */
async function start() {
  await nextTask();
  const router = createAppRouter();
  router.subscribe('onBeforeNavigate', noteNavigationStart);
  router.subscribe('onResolved', noteNavigationSettled);
  await nextTask();
  const loaded = router.load().catch(() => {});
  await nextTask();
  for (const match of router.matchRoutes(router.state.location)) {
    router.loadRouteChunk(router.routesById[match.routeId as keyof typeof router.routesById])?.catch(() => {});
  }
  await loaded;
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <JotaiProvider store={store}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </JotaiProvider>
      </StrictMode>,
    ),
  );
}
void start();
