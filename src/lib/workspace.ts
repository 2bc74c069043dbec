import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import { useCallback, type ReactNode } from 'react';
import { tabsAtom } from '../state/workspace.ts';

/** Removes the origin and the panel parameter, so a path names one screen. */
export function screenPath(href: string): string {
  const url = new URL(href, window.location.origin);
  url.searchParams.delete('panel');
  const query = url.searchParams.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

/** A tab is named by its screen alone: the product's name in the page title is left out. */
export const tabLabel = (title: string) => title.replace(/\s*·\s*Astera$/, '') || title;

/**
 * Opening records and screens the workspace way: in the side panel over the current screen
 * (kept in the URL as `?panel=`, so reload and Back restore it) or as a workspace tab.
 */
export function useWorkspace() {
  const navigate = useNavigate();
  const [tabs, setTabs] = useAtom(tabsAtom);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  const openPanel = useCallback(
    (path: string) => {
      void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, panel: screenPath(path) }) } as never);
    },
    [navigate],
  );

  const closePanel = useCallback(() => {
    void navigate({ to: '.', search: ({ panel: _panel, ...rest }: Record<string, unknown>) => rest } as never);
  }, [navigate]);

  const openTab = useCallback(
    (path: string, title?: string) => {
      const target = screenPath(path);
      if (!tabs.some((tab) => tab.path === target)) setTabs([...tabs, { path: target, title: tabLabel(title ?? target) }]);
      void navigate({ href: target });
    },
    [navigate, setTabs, tabs],
  );

  const closeTab = useCallback(
    (path: string) => {
      const index = tabs.findIndex((tab) => tab.path === path);
      if (index < 0) return;
      const rest = tabs.filter((tab) => tab.path !== path);
      setTabs(rest);
      // Closing the tab being shown moves to its neighbour, as browsers do.
      if (screenPath(window.location.href) === path) {
        const next = rest[index] ?? rest[index - 1];
        void navigate({ href: next?.path ?? '/home' });
      }
    },
    [navigate, setTabs, tabs],
  );

  return { tabs, pathname, openPanel, closePanel, openTab, closeTab };
}

/**
 * A record or screen a feature can show in the side panel: `pattern` is an app path with
 * `$param` segments (e.g. '/practice/persons/$personId'); `render` gets the params.
 */
export type PanelView = {
  pattern: string;
  title: string;
  render(params: Record<string, string>): ReactNode;
};

export function matchPanel(views: PanelView[], path: string): { view: PanelView; params: Record<string, string> } | null {
  const parts = path.split('?')[0]!.split('/').filter(Boolean);
  for (const view of views) {
    const pattern = view.pattern.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((segment, i) => {
      if (segment.startsWith('$')) {
        params[segment.slice(1)] = decodeURIComponent(parts[i]!);
        return true;
      }
      return segment === parts[i];
    });
    if (ok) return { view, params };
  }
  return null;
}
