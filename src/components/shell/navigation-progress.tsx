import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { navigationSettled } from '../../lib/key-buffer.ts';
import { screenLeft } from '../../lib/leaving-screen.ts';

/** A navigation shorter than this shows nothing (no flash on a fast network). */
const SHOW_AFTER_MS = 150;

/**
 * While the router is still loading the next screen (its code, its loader's data), the old screen
 * stays but says so: a thin bar at the top (an indeterminate progress bar), and the content marked
 * busy, so nobody takes the old screen for the one the address already names. It takes no clicks
 * meanwhile either (RouteFocus, lib/leaving-screen.ts).
 */
export function NavigationProgress() {
  const router = useRouter();
  const pending = useRouterState({ select: (state) => state.status === 'pending' || state.isLoading });
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!pending) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [pending]);
  // A navigation that ends without resolving (superseded, failed) must not keep the keys held for
  // its screen beyond the usual bound, nor leave the screen inert.
  useEffect(() => {
    if (pending) return;
    navigationSettled();
    // Not when the next navigation has already begun (this render is late): its screen stays inert.
    if (router.state.status === 'idle' && !router.state.isLoading) screenLeft();
  }, [pending, router]);
  useEffect(() => {
    const main = document.getElementById('main');
    if (!main || !shown) return;
    main.setAttribute('aria-busy', 'true');
    return () => main.removeAttribute('aria-busy');
  }, [shown]);
  if (!shown) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading the next screen"
      aria-busy="true"
      data-slot="navigation-progress"
      className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-brand-100 dark:bg-slate-800"
    >
      <div className="h-full w-1/3 animate-[navigation-progress_1.2s_ease-in-out_infinite] bg-brand-600 motion-reduce:w-full motion-reduce:animate-none dark:bg-brand-100" />
    </div>
  );
}
