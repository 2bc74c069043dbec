import { useQuery } from '@tanstack/react-query';
import { Outlet, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { AccessPolicy } from '../../../domain/api.ts';
import { shellMessages as messages } from '../../../domain/shell-messages.ts';
import { useAccountKey, useSwitchAccount } from '../../lib/account.ts';
import { ApiRequestError } from '../../lib/api.ts';
import { useServerPreferences } from '../../lib/preferences.ts';
import { accessPolicyQuery, signOut, usePolicyFollowsRole } from '../../lib/session.ts';
import { useScreens } from '../../lib/screens.tsx';
import { screenPath, useWorkspace, type PanelView } from '../../lib/workspace.ts';
import { commandEntries, routeEntries, type Entry } from '../../palette/entries.ts';
import { useHotkeys } from '../../palette/hotkeys.ts';
import { holdKeysForNavigation, stopHoldingEarlyKeys } from '../../lib/key-buffer.ts';
import type { Command, CommandContext } from '../../palette/types.ts';
import { accountInactiveAtom, policyAtom, selectedAccountIdAtom, store } from '../../state/account.ts';
import { closePalette, openPalette } from '../../lib/palette-open.ts';
import { paletteOpenAtom, shortcutsOpenAtom } from '../../state/palette.ts';
import { preferencesAtom } from '../../state/preferences.ts';
import { recentAtom } from '../../state/recent.ts';
import { useToast } from '../../lib/toast.ts';
import { Toaster } from '../ui/toast.tsx';
import { AccountInactive } from './account-inactive.tsx';
import { GhostBanner } from './ghost-banner.tsx';
import { Header } from './header.tsx';
import { RouteFocus } from './route-focus.tsx';
import { whenIdle } from '../../lib/after-paint.ts';

function useTheme() {
  const { theme } = useAtomValue(preferencesAtom);
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => document.documentElement.classList.toggle('dark', theme === 'dark' || (theme === 'system' && media.matches));
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
}

// The palette, the shortcuts dialog and the side panel (cmdk, Radix dialog) are not needed to
// show the first screen: they load when first used, or while the browser is idle after it.
const loadPalette = () => import('../../palette/palette.tsx');
const loadShortcuts = () => import('../../palette/shortcuts-dialog.tsx');
const loadSidePanel = () => import('./side-panel.tsx');
const Palette = lazy(() => loadPalette().then((m) => ({ default: m.Palette })));
const ShortcutsDialog = lazy(() => loadShortcuts().then((m) => ({ default: m.ShortcutsDialog })));
const NoAccess = lazy(() => import('./no-access.tsx').then((m) => ({ default: m.NoAccess })));
// The tab strip loads once there is a tab to show (most first screens have none).
const TabsStrip = lazy(() => import('./tabs-strip.tsx').then((m) => ({ default: m.TabsStrip })));
const SidePanel = lazy(() => loadSidePanel().then((m) => ({ default: m.SidePanel })));

function useIdlePrefetch() {
  useEffect(() => {
    // A second after the first screen, when the browser is idle: the first Ctrl+K is then instant.
    // One idle task each: asked for in one, their imports (a <link rel="modulepreload"> appended
    // per dependency) made one long task of 55–85 ms at a phone's CPU speed.
    const timer = window.setTimeout(() => {
      for (const load of [loadPalette, loadShortcuts, loadSidePanel]) whenIdle(() => void load().catch(() => {}));
    }, 1000);
    return () => window.clearTimeout(timer);
  }, []);
}

/**
 * Screens and records visited go to the palette's recent items. A screen is named by the route
 * table; a record by its page heading once that has rendered (its kind from the list it sits
 * under). A "not found" page is never recorded.
 */
function useVisitTracking() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const recordVisit = useSetAtom(recentAtom);
  const routeMeta = useScreens();
  const router = useRouter();
  // The headings of the screen being left (same element, same text) are not the next record's.
  const left = useRef(new Map<Element, string | null>());
  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', (event) => {
        if (event.pathChanged) left.current = new Map([...document.querySelectorAll('#main h1')].map((h) => [h, h.textContent]));
      }),
    [router],
  );
  useEffect(() => {
    const meta = routeMeta[pathname];
    if (meta) {
      document.title = `${meta.title} · Astera`;
      recordVisit({ path: pathname, title: meta.title, kind: 'screen' });
      return;
    }
    const list = Object.keys(routeMeta).find((path) => pathname.startsWith(`${path}/`) && path !== '/home');
    const before = left.current;
    const record = () => {
      const heading = [...document.querySelectorAll('#main h1')].find((h) => before.get(h) !== h.textContent);
      const title = heading?.textContent?.trim();
      if (!heading || !title) return false;
      document.title = `${title} · Astera`;
      if (list && !heading.closest('[data-not-found]')) recordVisit({ path: pathname, title, kind: routeMeta[list]!.title });
      return true;
    };
    if (record()) return;
    const observer = new MutationObserver(() => {
      if (record()) observer.disconnect();
    });
    observer.observe(document.getElementById('main') ?? document.body, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [pathname, recordVisit, routeMeta]);
}

/** Workspace tab commands: they need the tabs, so they are made here rather than in a feature. */
function useTabCommands(): Command[] {
  const { tabs, closeTab } = useWorkspace();
  return useMemo(() => {
    const step = (by: number) => (ctx: CommandContext) => {
      if (tabs.length === 0) return;
      const at = tabs.findIndex((tab) => tab.path === screenPath(window.location.href));
      ctx.navigate(tabs[(at + by + tabs.length) % tabs.length]!.path);
    };
    return [
      { id: 'tab-next', label: 'Next workspace tab', group: 'Workspace', shortcut: 't n', isVisible: () => tabs.length > 0, run: step(1) },
      { id: 'tab-previous', label: 'Previous workspace tab', group: 'Workspace', shortcut: 't p', isVisible: () => tabs.length > 0, run: step(-1) },
      {
        id: 'tab-close',
        label: 'Close this workspace tab',
        group: 'Workspace',
        shortcut: 't x',
        isVisible: () => tabs.some((tab) => tab.path === screenPath(window.location.href)),
        run: () => closeTab(screenPath(window.location.href)),
      },
    ];
  }, [tabs, closeTab]);
}

type WorkspaceProps = {
  policy: AccessPolicy;
  commands: readonly Command[];
  entries: readonly Entry[];
  context: Omit<CommandContext, 'openPage'>;
  panels: readonly PanelView[];
};

/** The palette, the shortcuts dialog and the side panel, loaded from their first use on. */
function Workspace({ policy, commands, entries, context, panels }: WorkspaceProps) {
  const paletteOpen = useAtomValue(paletteOpenAtom);
  useIdlePrefetch();
  const shortcutsOpen = useAtomValue(shortcutsOpenAtom);
  const panelOpen = useRouterState({ select: (s) => 'panel' in (s.location.search as Record<string, unknown>) });
  // Mounted from their first use on, so their own open/close animations and state work as usual.
  const [used, setUsed] = useState({ palette: false, shortcuts: false, panel: false });
  useEffect(() => {
    if ((paletteOpen && !used.palette) || (shortcutsOpen && !used.shortcuts) || (panelOpen && !used.panel)) {
      setUsed({ palette: used.palette || paletteOpen, shortcuts: used.shortcuts || shortcutsOpen, panel: used.panel || panelOpen });
    }
  }, [paletteOpen, shortcutsOpen, panelOpen, used]);

  return (
    <Suspense fallback={null}>
      {used.palette || paletteOpen ? <Palette policy={policy} commands={commands} context={context} /> : null}
      {used.shortcuts || shortcutsOpen ? <ShortcutsDialog entries={entries} /> : null}
      {used.panel || panelOpen ? <SidePanel views={panels} /> : null}
    </Suspense>
  );
}

/** Keys typed right after a shortcut or palette entry navigates wait for the new screen. */
function navigateHolding(navigate: ReturnType<typeof useNavigate>, path: string) {
  if (new URL(path, window.location.origin).pathname !== window.location.pathname) holdKeysForNavigation();
  void navigate({ href: path });
}

/**
 * The keyboard of the whole shell: installed as soon as the shell shows, so Ctrl+K, `?` and the
 * G shortcuts pressed while the access policy still loads are held and acted on once it has.
 */
function useShellKeyboard(policy: AccessPolicy | undefined, commands: readonly Command[] | null) {
  const router = useRouter();
  const screens = useScreens();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { openPanel, openTab } = useWorkspace();
  const paletteOpen = useAtomValue(paletteOpenAtom);
  const setShortcutsOpen = useSetAtom(shortcutsOpenAtom);
  const tabCommands = useTabCommands();
  const toast = useToast();
  const allCommands = useMemo(() => (commands ? [...commands, ...tabCommands] : null), [commands, tabCommands]);

  const context: Omit<CommandContext, 'openPage'> | null = useMemo(
    () => (policy ? { policy, pathname, navigate: (path: string) => navigateHolding(navigate, path), openPanel, openTab } : null),
    [policy, pathname, navigate, openPanel, openTab],
  );
  const entries: Entry[] | null = useMemo(
    () => (policy && allCommands ? [...commandEntries(allCommands, policy, pathname), ...routeEntries(router, policy, screens)] : null),
    [allCommands, policy, pathname, router, screens],
  );

  useHotkeys({
    entries,
    enabled: !paletteOpen,
    onPalette: () => (store.get(paletteOpenAtom) ? closePalette() : openPalette()),
    onShortcuts: () => setShortcutsOpen(true),
    onEntry: (entry) => {
      if (!context) return;
      if (entry.command) Promise.resolve(entry.command.run({ ...context, openPage: openPalette })).catch((error: unknown) => toast('error', error instanceof Error ? error.message : messages.serverError));
      else if (entry.path) context.navigate(entry.path);
    },
  });
  return { commands: allCommands, entries, context };
}

/** The server's copy of the preferences, read once the first screen is painted (the local copy renders meanwhile). */
function ServerPreferences() {
  useServerPreferences();
  return null;
}

/** `commands` is null while the features' commands load: keys typed meanwhile are held for them. */
type AppShellProps = { commands: readonly Command[] | null; panels: readonly PanelView[] };

export function AppShell({ commands, panels }: AppShellProps) {
  const account = useAccountKey();
  const policy = useQuery(accessPolicyQuery(account));
  const setPolicy = useSetAtom(policyAtom);
  const selected = useAtomValue(selectedAccountIdAtom);
  const switchAccount = useSwitchAccount();
  const hasTabs = useWorkspace().tabs.length > 0;
  // The policy as the screens read it (the atom, set just below): keys held while it loaded are
  // replayed only once the screens' own key handlers (a list's C) know it too.
  const keyboard = useShellKeyboard(useAtomValue(policyAtom) ?? undefined, commands);
  useTheme();
  useVisitTracking();
  useEffect(() => setPolicy(policy.data ?? null), [policy.data, setPolicy]);
  usePolicyFollowsRole(account);
  useEffect(() => {
    if (policy.isError) stopHoldingEarlyKeys();
  }, [policy.isError]);

  const refused = policy.error instanceof ApiRequestError && policy.error.status === 403;
  const inactive = useAtomValue(accountInactiveAtom);
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-brand-800">
        Skip to content
      </a>
      {policy.data ? <GhostBanner policy={policy.data} /> : null}
      <Header policy={policy.data} onSignOut={() => void signOut()} onOpenSearch={() => openPalette()} />
      {hasTabs ? (
        <Suspense fallback={null}>
          <TabsStrip />
        </Suspense>
      ) : null}
      {inactive ? (
        <main id="main">
          <AccountInactive onSignOut={() => void signOut()} />
        </main>
      ) : refused ? (
        <main id="main" className="mx-auto max-w-xl px-6 py-20 text-center">
          <Suspense fallback={null}>
            <NoAccess message={selected ? messages.foreignAccount : policy.error?.message || messages.noPortalAccess} onReturn={selected ? () => switchAccount(null) : undefined} />
          </Suspense>
        </main>
      ) : (
        <main id="main" className="mx-auto max-w-screen-2xl px-4 py-6 max-sm:[overflow-wrap:anywhere]">
          <Outlet />
        </main>
      )}
      {policy.data && keyboard.commands && keyboard.entries && keyboard.context ? (
        <Workspace policy={policy.data} commands={keyboard.commands} entries={keyboard.entries} context={keyboard.context} panels={panels} />
      ) : null}
      <RouteFocus />
      <ServerPreferences />
      <Toaster />
    </div>
  );
}
