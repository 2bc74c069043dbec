import { createFileRoute } from '@tanstack/react-router';
import { AppShell } from '../components/shell/app-shell.tsx';
import { auth, signIn } from '../lib/auth.ts';
import { RecordSectionsProvider } from '../lib/record-sections.tsx';
import { ScreensProvider } from '../lib/screens.tsx';
import { workspaceCommands, workspacePanels, workspaceRecordSections } from '../registry.ts';
import { workspaceScreens } from '../screens.ts';

/** The authenticated layout: unauthenticated visits go to the identity provider first. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ location }) => {
    if (await auth.isAuthenticated()) return;
    await signIn(location.href);
    // The browser is leaving for the provider; never render the page underneath.
    await new Promise(() => {});
  },
  component: () => (
    <ScreensProvider value={workspaceScreens}>
      <RecordSectionsProvider value={workspaceRecordSections}>
        <AppShell commands={workspaceCommands} panels={workspacePanels} />
      </RecordSectionsProvider>
    </ScreensProvider>
  ),
});
