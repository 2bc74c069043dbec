import { useEffect, useSyncExternalStore } from 'react';

export type Deferred<T> = {
  /** Starts loading (once) and resolves with the module. */
  load(): Promise<T>;
  /** The module once loaded (re-renders the caller then), else null. */
  useLoaded(): T | null;
  /** Loads the module while the browser is idle a moment after the calling screen has shown. */
  useIdlePrefetch(): void;
};

/**
 * A module the first screen does not need (bench: JavaScript loaded to show /home), loaded on
 * first use or while the browser is idle after the first screen, whichever comes first.
 */
export function deferred<T>(importer: () => Promise<T>): Deferred<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const load = () =>
    (loading ??= importer().then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      },
      (error: unknown) => {
        // A failed chunk load (network blip) may be retried by the next use.
        loading = null;
        throw error;
      },
    ));
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    load,
    useLoaded: () => useSyncExternalStore(subscribe, () => loaded),
    useIdlePrefetch() {
      useEffect(() => {
        if (loaded) return;
        const timer = window.setTimeout(() => {
          const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 0));
          idle(() => void load().catch(() => {}));
        }, 1000);
        return () => window.clearTimeout(timer);
      }, []);
    },
  };
}
