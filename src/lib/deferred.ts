import { startTransition, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

export type Deferred<T> = {
  /** Starts loading (once) and resolves with the module: a use that is waited for. */
  load(): Promise<T>;
  /** The module once loaded (re-renders the caller then), else null. */
  useLoaded(): T | null;
  /** Loads the module while the browser is idle a moment after the calling screen has shown. */
  useIdlePrefetch(): void;
};

/**
 * A module the first screen does not need (bench: JavaScript loaded to show /home), loaded on
 * first use or while the browser is idle after the first screen, whichever comes first.
 *
 * How its users change over when it arrives depends on who asked for it. A use (`load`: a press,
 * a key, a hover) swaps them in one synchronous render, so that the next key already reaches the
 * real component. An idle prefetch swaps them in a transition, which React renders in slices
 * that yield to input: the header's menus and popovers re-rendering at once is otherwise one
 * long task right after the first screen (Lighthouse: Total Blocking Time).
 */
export function deferred<T>(importer: () => Promise<T>): Deferred<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  let wanted = false;
  const listeners = new Set<(module: T) => void>();
  const announce = (module: T) => {
    const notify = () => {
      for (const listener of listeners) listener(module);
    };
    if (wanted) flushSync(notify);
    else startTransition(notify);
  };
  const fetchModule = () =>
    (loading ??= importer().then(
      (module) => {
        loaded = module;
        announce(module);
        return module;
      },
      (error: unknown) => {
        // A failed chunk load (network blip) may be retried by the next use.
        loading = null;
        throw error;
      },
    ));
  return {
    load() {
      wanted = true;
      return fetchModule();
    },
    useLoaded() {
      const [module, setModule] = useState(loaded);
      useEffect(() => {
        listeners.add(setModule);
        // Arrived between this render and its effect.
        if (loaded !== null) setModule(loaded);
        return () => void listeners.delete(setModule);
      }, []);
      return module;
    },
    useIdlePrefetch() {
      useEffect(() => {
        if (loaded) return;
        const timer = window.setTimeout(() => {
          const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 0));
          idle(() => void fetchModule().catch(() => {}));
        }, 1000);
        return () => window.clearTimeout(timer);
      }, []);
    },
  };
}
