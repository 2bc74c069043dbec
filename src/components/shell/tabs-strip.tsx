import { useRouterState } from '@tanstack/react-router';
import type { KeyboardEvent } from 'react';
import { screenPath, useWorkspace } from '../../lib/workspace.ts';
import { NavLink } from './nav-link.tsx';

/**
 * The workspace tabs of the current account, under the header. Arrow keys move between tabs,
 * Delete closes the focused one; "T then N/P/X" work from anywhere (see the `?` dialog).
 */
export function TabsStrip() {
  const { tabs, closeTab } = useWorkspace();
  const current = useRouterState({ select: (s) => screenPath(s.location.href) });
  if (tabs.length === 0) return null;

  function handleKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const links = [...(event.currentTarget.closest('[data-slot="tabs-strip"]')?.querySelectorAll<HTMLAnchorElement>('a[data-tab]') ?? [])];
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      links[(index + (event.key === 'ArrowRight' ? 1 : links.length - 1)) % links.length]?.focus();
    } else if (event.key === 'Delete') {
      event.preventDefault();
      closeTab(tabs[index]!.path);
    }
  }

  return (
    <nav aria-label="Workspace tabs" data-slot="tabs-strip" className="border-b border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <ul className="mx-auto flex max-w-screen-2xl gap-1 overflow-x-auto px-4 py-1">
        {tabs.map((tab, index) => {
          const active = tab.path === current;
          return (
            <li key={tab.path} className={`flex items-center rounded-md border text-sm ${active ? 'border-brand-600 bg-brand-50 text-brand-900 dark:bg-slate-800 dark:text-white' : 'border-slate-200 text-slate-700 dark:border-slate-700 dark:text-slate-200'}`}>
              <NavLink to={tab.path} data-tab aria-current={active ? 'page' : undefined} onKeyDown={(event) => handleKeyDown(event, index)} className="max-w-56 truncate px-3 py-1">
                {tab.title}
              </NavLink>
              <button type="button" aria-label={`Close tab ${tab.title}`} onClick={() => closeTab(tab.path)} className="px-2 py-1 text-slate-600 hover:text-red-700 dark:text-slate-300">
                ×
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
