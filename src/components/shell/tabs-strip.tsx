import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { screenPath, tabLabel, useWorkspace } from '../../lib/workspace.ts';
import { NavLink } from './nav-link.tsx';

/**
 * The workspace tabs of the current account, under the header: a tab list (the shown screen is
 * the selected tab). Arrow keys, Home and End move between tabs, Enter opens one, Delete closes
 * it; "T then N/P/X" work from anywhere (see the `?` dialog). The strip scrolls sideways when
 * the tabs do not fit, and keeps the shown tab in view.
 */
export function TabsStrip() {
  const { tabs, closeTab } = useWorkspace();
  const current = useRouterState({ select: (s) => screenPath(s.location.href) });
  const list = useRef<HTMLDivElement>(null);
  const currentIndex = tabs.findIndex((tab) => tab.path === current);

  useEffect(() => {
    list.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current, tabs.length]);

  if (tabs.length === 0) return null;

  function handleKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const all = [...(list.current?.querySelectorAll<HTMLAnchorElement>('[role="tab"]') ?? [])];
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: all.length - 1 }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      const tab = all[(to + all.length) % all.length];
      tab?.focus();
      tab?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    } else if (event.key === 'Delete') {
      event.preventDefault();
      closeTab(tabs[index]!.path);
    }
  }

  // The focusable tab is the shown one, or the first when another screen is shown.
  const focusable = currentIndex >= 0 ? currentIndex : 0;
  return (
    <nav aria-label="Workspace tabs" data-slot="tabs-strip" className="border-b border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <div ref={list} role="tablist" aria-label="Workspace tabs" className="mx-auto flex max-w-screen-2xl gap-1 overflow-x-auto px-4 py-1 [scrollbar-width:thin]">
        {tabs.map((tab, index) => {
          const active = index === currentIndex;
          const label = tabLabel(tab.title);
          return (
            <span key={tab.path} role="presentation" className={`flex shrink-0 items-center rounded-md border text-sm ${active ? 'border-brand-600 bg-brand-50 text-brand-900 dark:bg-slate-800 dark:text-white' : 'border-slate-200 text-slate-700 dark:border-slate-700 dark:text-slate-200'}`}>
              <NavLink
                to={tab.path}
                role="tab"
                aria-selected={active}
                aria-keyshortcuts="Delete"
                tabIndex={index === focusable ? 0 : -1}
                onKeyDown={(event) => handleKeyDown(event, index)}
                className="max-w-56 truncate px-3 py-1 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {label}
              </NavLink>
              {/* For the mouse; the keyboard closes the focused tab with Delete (or T then X). */}
              <button type="button" tabIndex={-1} aria-hidden="true" title={`Close tab ${label}`} onClick={() => closeTab(tab.path)} className="px-2 py-1 text-slate-600 hover:text-red-700 dark:text-slate-300">
                ×
              </button>
            </span>
          );
        })}
      </div>
    </nav>
  );
}
