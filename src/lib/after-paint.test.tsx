// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, useFirstScreenPainted } from './after-paint.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Animation frames run when the test says a frame has come (then the frame's paint). */
let frames: FrameRequestCallback[] = [];
const nextFrame = () => {
  const due = frames;
  frames = [];
  for (const callback of due) callback(performance.now());
};
const settle = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 5))));

beforeEach(() => {
  frames = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('afterNextPaint', () => {
  it('resolves after the next frame (and its paint), not before', async () => {
    let done = false;
    void afterNextPaint().then(() => (done = true));
    await settle();
    expect(done).toBe(false);
    nextFrame();
    // The frame's callbacks, then its paint, then a task: resolved in the task after it.
    expect(done).toBe(false);
    await settle();
    expect(done).toBe(true);
  });

  it('resolves at once in a hidden tab, which runs no frames', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    let done = false;
    void afterNextPaint().then(() => (done = true));
    await settle();
    expect(done).toBe(true);
    expect(frames).toHaveLength(0);
  });
});

describe('useFirstScreenPainted', () => {
  let root: Root;
  const seen: boolean[] = [];
  function Probe() {
    seen.push(useFirstScreenPainted());
    return null;
  }

  it('is false while the first screen is committed but not painted, then true for good', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => root.render(<Probe />));
    await settle();
    expect(seen.at(-1)).toBe(false);
    nextFrame();
    await settle();
    expect(seen.at(-1)).toBe(true);
    // A part mounted later (another screen's bell) starts at true: no second wait.
    seen.length = 0;
    await act(async () => root.render(<><Probe /><Probe key="later" /></>));
    expect(seen.every(Boolean)).toBe(true);
    expect(frames).toHaveLength(0);
    act(() => root.unmount());
  });
});
