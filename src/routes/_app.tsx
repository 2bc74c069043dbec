import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { AppShell } from '../components/shell/app-shell.tsx';
import { isSignedIn, signIn } from '../lib/auth.ts';
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
    loadRegistry().then(
      (loaded) => live && setRegistry(loaded),
      () => live && setRegistry(noRegistry),
    );
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
  component: AppLayout,
});
