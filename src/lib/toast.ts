import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';

/**
 * A button in the toast (Undo after a delete): choosing it runs `run` and closes the toast. An
 * `undo` action is also run by Ctrl+Z (⌘Z) while its toast shows and focus is not in a field.
 */
export type ToastAction = { label: string; run: () => void; undo?: boolean };
export type ToastOptions = { ms?: number; action?: ToastAction };

export type Toast = { id: number; kind: 'error' | 'success' | 'info'; text: string; action?: ToastAction; ms: number };

/** The toasts showing, oldest first (`Toaster` in components/ui/toast.tsx shows them). */
export const toastsAtom = atom<Toast[]>([]);
let nextId = 1;

/**
 * Shows a short message; errors are announced assertively, the rest politely. The third argument
 * is how long it shows (ms, 4 s by default) or options with an action such as Undo, which keeps
 * the toast 8 s unless told otherwise so there is time to reach it (and longer while the pointer
 * rests on it or focus is in it: see `ToastItem` in components/ui/toast.tsx).
 */
export function useToast() {
  const setToasts = useSetAtom(toastsAtom);
  return useCallback(
    (kind: Toast['kind'], text: string, options: number | ToastOptions = {}) => {
      const { ms = typeof options === 'object' && options.action ? 8000 : 4000, action } = typeof options === 'number' ? { ms: options } : options;
      const id = nextId++;
      setToasts((all) => [...all, { id, kind, text, action, ms }]);
      return id;
    },
    [setToasts],
  );
}
