// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawWhenNear, nearMargin } from './draw-when-near.ts';

/** An IntersectionObserver the test moves: `near(element)` tells its observers the element came near. */
const observers = new Set<FakeObserver>();
class FakeObserver {
  readonly watched = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    observers.add(this);
  }
  observe(element: Element) {
    this.watched.add(element);
  }
  disconnect() {
    this.watched.clear();
    observers.delete(this);
  }
}
function near(...elements: Element[]) {
  for (const observer of [...observers]) {
    const entries = elements.filter((element) => observer.watched.has(element)).map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    if (entries.length > 0) observer.callback(entries, observer as unknown as IntersectionObserver);
  }
}
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  observers.clear();
});

describe('drawWhenNear', () => {
  it('draws nothing until the element comes within a screen of the viewport', async () => {
    const element = document.createElement('canvas');
    const draw = vi.fn(() => () => {});
    drawWhenNear(element, draw);
    expect([...observers][0]!.options.rootMargin).toBe(nearMargin);
    await nextTask();
    await nextTask();
    expect(draw).not.toHaveBeenCalled();
    near(element);
    // Not in the observer's callback either: in a task of its own.
    expect(draw).not.toHaveBeenCalled();
    await nextTask();
    expect(draw).toHaveBeenCalledTimes(1);
  });

  it('draws the elements that came near together one per task, in the order asked', async () => {
    const elements = [1, 2, 3].map(() => document.createElement('canvas'));
    const drawn: number[] = [];
    elements.forEach((element, index) => drawWhenNear(element, () => (drawn.push(index), () => {})));
    near(...elements);
    await nextTask();
    expect(drawn).toEqual([0]);
    await nextTask();
    expect(drawn).toEqual([0, 1]);
    await nextTask();
    expect(drawn).toEqual([0, 1, 2]);
  });

  it('cancelled while waiting, never draws; cancelled once drawn, undoes the drawing', async () => {
    const [waiting, drawnOne] = [document.createElement('canvas'), document.createElement('canvas')];
    const undo = vi.fn();
    const drawWaiting = vi.fn(() => () => {});
    const cancelDrawn = drawWhenNear(drawnOne, () => undo);
    const cancelWaiting = drawWhenNear(waiting, drawWaiting);
    near(drawnOne, waiting);
    await nextTask();
    cancelWaiting();
    await nextTask();
    await nextTask();
    expect(drawWaiting).not.toHaveBeenCalled();
    expect(undo).not.toHaveBeenCalled();
    cancelDrawn();
    expect(undo).toHaveBeenCalledTimes(1);
    // Nothing watched any more.
    expect(observers.size).toBe(0);
  });

  it('redraw (new figures for a drawing shown): draws at once, in the caller\'s task, so that no frame shows it blank', async () => {
    const element = document.createElement('canvas');
    const undoOld = vi.fn();
    const cancelOld = drawWhenNear(element, () => undoOld);
    near(element);
    await nextTask();
    const drawNew = vi.fn(() => () => {});
    // As a chart's effect does when its figures change: the old drawing's cancel, then the new one, in one task.
    cancelOld();
    drawWhenNear(element, drawNew, { redraw: true });
    expect(undoOld).toHaveBeenCalledTimes(1);
    expect(drawNew).toHaveBeenCalledTimes(1);
  });

  it('without IntersectionObserver, draws in a task of its own', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const draw = vi.fn(() => () => {});
    drawWhenNear(document.createElement('canvas'), draw);
    expect(draw).not.toHaveBeenCalled();
    await nextTask();
    expect(draw).toHaveBeenCalledTimes(1);
  });
});
