import { createFileRoute } from '@tanstack/react-router';
import { startTransition, useEffect, useState } from 'react';
import { AppShell } from '../components/shell/app-shell.tsx';
import { currentAccountKey } from '../lib/account.ts';
import { isSignedIn, signIn } from '../lib/auth.ts';
import { accessPolicyQuery } from '../lib/session.ts';
import { afterNextPaint } from '../lib/after-paint.ts';
import { policyAtom, store } from '../state/account.ts';
import { RecordSectionsProvider } from '../lib/record-sections.tsx';
import { ScreensProvider } from '../lib/screens.tsx';
import { workspaceScreens } from '../screens.ts';

/**
 * The features' commands, panels and record sections (src/registry.ts) are not needed to show the
 * first screen: they load beside it. Until they are here the shell's key handler waits, and the
 * key buffer (src/lib/key-buffer.ts) holds what is typed meanwhile.
 */
const loadRegistry = () => import('../registry.ts');
type Registry = Pick<Awaited<ReturnType<typeof loadRegistry>>, 'workspaceCommands' | 'workspacePanels' | 'workspaceRecordSections'>;
/** Its chunk failed to load: the shell works on with its own commands and the route list. */
const noRegistry: Registry = { workspaceCommands: [], workspacePanels: [], workspaceRecordSections: [] };

function useRegistry() {
  const [registry, setRegistry] = useState<Registry | null>(null);
  useEffect(() => {
    let live = true;
    // Asked for once the first screen is painted (lib/after-paint.ts), not while it waits for its own code.
    void afterNextPaint().then(() => {
      if (!live) return;
      loadRegistry().then(
        (loaded) => live && startTransition(() => setRegistry(loaded)),
        () => live && setRegistry(noRegistry),
      );
    });
    return () => {
      live = false;
    };
  }, []);
  return registry;
}

function AppLayout() {
  const registry = useRegistry();
  return (
    <ScreensProvider value={workspaceScreens}>
      <RecordSectionsProvider value={registry?.workspaceRecordSections ?? noRegistry.workspaceRecordSections}>
        <AppShell commands={registry?.workspaceCommands ?? null} panels={registry?.workspacePanels ?? noRegistry.workspacePanels} />
      </RecordSectionsProvider>
    </ScreensProvider>
  );
}

/** The authenticated layout: unauthenticated visits go to the identity provider first. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ location }) => {
    if (await isSignedIn()) return;
    await signIn(location.href);
    // The browser is leaving for the provider; never render the page underneath.
    await new Promise(() => {});
  },
  /**
   * The access policy is asked for beside the page's own data rather than once the shell has
   * mounted, so that it is usually here when the page first shows, with the controls its role may
   * use (on a phone, Add Person appearing a moment after the list pushed the list down). The page
   * does not wait for it: the shell shows what it can meanwhile, and says what went wrong if it fails.
   */
  loader: ({ context: { queryClient } }) => {
    const account = currentAccountKey();
    queryClient.fetchQuery(accessPolicyQuery(account)).then(
      (policy) => {
        if (currentAccountKey() === account) store.set(policyAtom, policy);
      },
      () => {},
    );
  },
  component: AppLayout,
});
