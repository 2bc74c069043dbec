import { updatePreferences } from '../lib/preferences.ts';
import { signOut } from '../lib/session.ts';
import { mayDeleteAny } from '../lib/may-delete.ts';
import type { Theme } from '../../domain/preferences.ts';
import { store } from '../state/account.ts';
import { preferencesAtom } from '../state/preferences.ts';
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
    id: 'recently-deleted',
    label: 'Recently deleted',
    group: 'Actions',
    keywords: ['trash', 'bin', 'restore', 'undelete', 'undo', 'deleted'],
    keepsPaletteOpen: true,
    // A role that deletes nothing has nothing to restore (GET /deleted lists only what it may delete).
    isVisible: (policy) => mayDeleteAny(policy),
    run: (ctx) => ctx.openPage('deleted'),
  },
  {
    id: 'notifications',
    label: 'Notifications',
    group: 'Actions',
    keywords: ['bell', 'alerts', 'inbox', 'unread'],
    shortcut: 'g f',
    keepsPaletteOpen: true,
    requires: { resource: '/notifications/notifications', method: 'GET' },
    run: (ctx) => ctx.openPage('notifications'),
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
  ...themeCommands(),
  {
    id: 'sign-out',
    label: 'Sign out',
    group: 'Actions',
    keywords: ['logout', 'log out', 'exit'],
    run: () => signOut(),
  },
];

/** One command per theme, offered only while another one is in use. */
function themeCommands(): Command[] {
  const themes: { theme: Theme; label: string; keywords: string[] }[] = [
    { theme: 'dark', label: 'Use dark theme', keywords: ['theme', 'night', 'appearance'] },
    { theme: 'light', label: 'Use light theme', keywords: ['theme', 'day', 'appearance'] },
    { theme: 'system', label: 'Use system theme', keywords: ['theme', 'automatic', 'os', 'appearance'] },
  ];
  return themes.map(({ theme, label, keywords }) => ({
    id: `theme-${theme}`,
    label,
    group: 'Preferences',
    keywords,
    isVisible: () => store.get(preferencesAtom).theme !== theme,
    run: () => updatePreferences({ theme }),
  }));
}
