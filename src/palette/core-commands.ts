import { updatePreferences } from '../lib/preferences.ts';
import { signOut } from '../lib/session.ts';
import { store } from '../state/account.ts';
import { shortcutsOpenAtom } from '../state/palette.ts';
import type { Command } from './types.ts';

/** The workspace's own actions; features add theirs through their `commands.ts`. */
export const coreCommands: Command[] = [
  {
    id: 'switch-account',
    label: 'Switch account…',
    group: 'Actions',
    keywords: ['ghost mode', 'account', 'tenant', 'practice'],
    shortcut: 'g g',
    keepsPaletteOpen: true,
    isVisible: (policy) => policy.instanceAdmin || policy.assumedAccounts.length > 0,
    run: (ctx) => ctx.openPage('accounts'),
  },
  {
    id: 'open-as-tab',
    label: 'Open this screen as a tab',
    group: 'Workspace',
    keywords: ['pin', 'tab', 'workspace'],
    shortcut: 't t',
    run: (ctx) => ctx.openTab(window.location.pathname + window.location.search, document.title),
  },
  {
    id: 'show-shortcuts',
    label: 'Keyboard shortcuts',
    group: 'Help',
    keywords: ['keys', 'help', 'hotkeys'],
    shortcut: '?',
    run: () => store.set(shortcutsOpenAtom, true),
  },
  {
    id: 'theme-dark',
    label: 'Use dark theme',
    group: 'Preferences',
    keywords: ['theme', 'night', 'appearance'],
    run: () => updatePreferences({ theme: 'dark' }),
  },
  {
    id: 'theme-light',
    label: 'Use light theme',
    group: 'Preferences',
    keywords: ['theme', 'day', 'appearance'],
    run: () => updatePreferences({ theme: 'light' }),
  },
  {
    id: 'sign-out',
    label: 'Sign out',
    group: 'Actions',
    keywords: ['logout', 'log out', 'exit'],
    run: () => signOut(),
  },
];
