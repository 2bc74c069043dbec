import { atom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { store } from '../state/account.ts';

/**
 * Resolves once the browser has painted what is on the page now: the next animation frame, then a
 * task after it (the frame's paint comes between). A hidden tab paints nothing and runs no frames,
 * so there it resolves at once.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') {
      resolve();
      return;
    }
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/** Runs `work` when the browser is next idle (a task soon after, where it has no idle callbacks); the returned function cancels it. */
export function whenIdle(work: () => void): () => void {
  if (window.requestIdleCallback) {
    const id = window.requestIdleCallback(work);
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 0);
  return () => window.clearTimeout(id);
}

const firstScreenPaintedAtom = atom(false);
let asked = false;

/**
 * False until the first screen has been painted, then true for good (for a query's `enabled`).
 *
 * What the first screen does not show starts after its paint (issue 25): the features' registry
 * (routes/_app.tsx), the notifications and their stream, the server's copy of the preferences, the
 * first focus check (route-focus.tsx). Started in the effects of the screen's first commit, they
 * ran before that paint and held it up (one task of 100 ms on Lighthouse's phone), and their six
 * requests took connections the screen's own code and data were queued behind (a browser opens six
 * per server over HTTP/1.1).
 */
export function useFirstScreenPainted(): boolean {
  const painted = useAtomValue(firstScreenPaintedAtom, { store });
  useEffect(() => {
    if (painted || asked) return;
    asked = true;
    void afterNextPaint().then(() => store.set(firstScreenPaintedAtom, true));
  }, [painted]);
  return painted;
}
