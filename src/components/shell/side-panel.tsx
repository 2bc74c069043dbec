import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useRouterState } from '@tanstack/react-router';
import { Suspense } from 'react';
import { isPortalPath } from '../../../domain/portal-path.ts';
import { useReturnFocus } from '../../lib/return-focus.ts';
import { matchPanel, useWorkspace, type PanelView } from '../../lib/workspace.ts';
import { NavLink } from './nav-link.tsx';

/**
 * A record or screen shown over the current one, from the `?panel=` search parameter (so reload
 * and Back restore it). Esc or the close button removes it.
 */
export function SidePanel({ views }: { views: readonly PanelView[] }) {
  const panel: unknown = useRouterState({ select: (s) => (s.location.search as Record<string, unknown>).panel });
  const { closePanel } = useWorkspace();
  const path = typeof panel === 'string' && isPortalPath(panel) ? panel : null;
  const match = path ? matchPanel([...views], path) : null;
  // The panel opens from a row (Shift+Enter), a palette entry or a reload: closing it gives focus
  // back to the row's table, or else to what had focus before.
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Root open={path !== null} onOpenChange={(open) => (open ? undefined : closePanel())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-30 bg-slate-900/20" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          // Opened by a button or a key: closing gives focus back to what opened it.
          {...returnFocus}
          className="fixed top-0 right-0 z-40 flex h-full w-[min(44rem,100vw)] flex-col border-l border-slate-200 bg-slate-50 shadow-2xl focus:outline-none dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
        >
          <div className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-700 dark:bg-slate-900">
            <DialogPrimitive.Title className="text-base font-semibold">{match?.view.title ?? 'Side panel'}</DialogPrimitive.Title>
            {path ? (
              <NavLink to={path} className="ml-auto text-sm text-brand-700 underline dark:text-brand-300">
                Open full page
              </NavLink>
            ) : null}
            <DialogPrimitive.Close className={`${path ? '' : 'ml-auto '}rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800`}>
              Close<span className="sr-only"> side panel</span>
            </DialogPrimitive.Close>
          </div>
          <div className="flex-1 overflow-y-auto p-4">
            {match ? <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-300">Loading…</p>}>{match.view.render(match.params)}</Suspense> : <p className="text-sm">This page cannot be shown in the side panel. Use “Open full page”.</p>}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
