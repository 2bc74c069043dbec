import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Costly drawings (a chart.js chart: 30–40 ms each on a desktop, four times that on Lighthouse's
 * phone) wait until their element comes near the viewport, then take turns, one per task. Insights
 * drew its five charts in one task right after its first paint (210 ms on a desktop), though a
 * phone shows none of them until scrolled to (issue 25).
 */
const waiting: (() => void)[] = [];
let turnAsked = false;

function nextTurn() {
  turnAsked = false;
  waiting.shift()?.();
  if (waiting.length > 0) askTurn();
}

function askTurn() {
  if (turnAsked) return;
  turnAsked = true;
  setTimeout(nextTurn, 0);
}

/**
 * How far ahead of the viewport a drawing starts: half a screen's height, so scrolling at a
 * reader's pace meets no blank canvas, while a chart further down waits.
 */
export const nearMargin = '50% 0px';

/**
 * Runs `draw` once `element` is within half a screen's height of the viewport, in a task of its own
 * (a turn taken after the drawings asked for before it). `draw` returns how to undo the drawing.
 * The result cancels: a drawing still waiting never runs, a drawing made is undone.
 *
 * `redraw`: the element showed a drawing that its new data replaces (the cancel of the old one
 * ran in this same task). It is drawn at once: waiting for a turn would paint it blank in between,
 * a flash on every change of the figures.
 */
export function drawWhenNear(element: Element, draw: () => () => void, { redraw = false } = {}): () => void {
  let undo: (() => void) | null = null;
  let cancelled = false;
  if (redraw) {
    undo = draw();
    return () => {
      cancelled = true;
      undo?.();
    };
  }
  const turn = () => {
    if (!cancelled) undo = draw();
  };
  const queue = () => {
    waiting.push(turn);
    askTurn();
  };
  const observer =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver(
          (entries) => {
            if (!entries.some((entry) => entry.isIntersecting)) return;
            observer?.disconnect();
            queue();
          },
          { rootMargin: nearMargin },
        );
  if (observer) observer.observe(element);
  else queue();
  return () => {
    cancelled = true;
    observer?.disconnect();
    const at = waiting.indexOf(turn);
    if (at >= 0) waiting.splice(at, 1);
    undo?.();
  };
}

/**
 * A canvas drawn by `draw` through `drawWhenNear`, drawn again when `draw` changes (the caller
 * memoizes it on its figures): at once if it was drawn before, so no frame shows it blank. Returns
 * whether it is drawn now (the canvas's `aria-busy` until then).
 */
export function useDrawWhenNear(canvas: RefObject<HTMLCanvasElement | null>, draw: (canvas: HTMLCanvasElement) => { destroy(): void }): boolean {
  const [drawn, setDrawn] = useState(false);
  const drawnBefore = useRef(false);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    return drawWhenNear(
      element,
      () => {
        const drawing = draw(element);
        drawnBefore.current = true;
        setDrawn(true);
        return () => {
          drawing.destroy();
          setDrawn(false);
        };
      },
      { redraw: drawnBefore.current },
    );
  }, [canvas, draw]);
  return drawn;
}
