// @vitest-environment happy-dom
import { createStore, Provider } from 'jotai';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToast } from '../../lib/toast.ts';
import { Toaster } from './toast.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let show: ReturnType<typeof useToast>;
function Screen() {
  show = useToast();
  return (
    <>
      <input aria-label="Elsewhere" />
      <Toaster />
    </>
  );
}

let root: Root;
let container: HTMLElement;
beforeEach(async () => {
  vi.useFakeTimers();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () =>
    root.render(
      <Provider store={createStore()}>
        <Screen />
      </Provider>,
    ),
  );
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.useRealTimers();
});

const toasts = () => [...container.querySelectorAll('[role="status"], [role="alert"]')].map((t) => t.querySelector('span')?.textContent);
const wait = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));
const undo = { label: 'Undo', run: () => {}, undo: true };

describe('toasts', () => {
  it('a message shows for exactly its time, pointer on it or not', async () => {
    await act(async () => void show('success', 'Successfully Added Contact Point', 3000));
    const toast = container.querySelector('[role="status"]')!;
    await act(async () => void toast.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, relatedTarget: document.body })));
    await wait(2999);
    expect(toasts()).toEqual(['Successfully Added Contact Point']);
    await wait(1);
    expect(toasts()).toEqual([]);
  });

  it('an Undo toast waits while focus is in it, then shows for the rest of its time', async () => {
    await act(async () => void show('info', 'Contact point deleted', { action: undo }));
    await wait(5000);
    const button = container.querySelector<HTMLButtonElement>('[role="status"] button')!;
    await act(async () => button.focus());
    await wait(60_000);
    expect(toasts()).toEqual(['Contact point deleted']);
    await act(async () => container.querySelector<HTMLInputElement>('input')!.focus());
    await wait(2999);
    expect(toasts()).toEqual(['Contact point deleted']);
    await wait(1);
    expect(toasts()).toEqual([]);
  });

  it('an Undo toast waits while the pointer rests on it', async () => {
    await act(async () => void show('info', 'Location deleted', { action: undo }));
    const toast = container.querySelector('[role="status"]')!;
    // React's pointerenter listens for pointerover/pointerout at the root.
    await act(async () => void toast.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, relatedTarget: document.body })));
    await wait(30_000);
    expect(toasts()).toEqual(['Location deleted']);
    await act(async () => void toast.dispatchEvent(new PointerEvent('pointerout', { bubbles: true, relatedTarget: document.body })));
    await wait(8000);
    expect(toasts()).toEqual([]);
  });
});
