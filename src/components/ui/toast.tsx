import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isTypingTarget } from '../../lib/keyboard.ts';

/**
 * A button in the toast (Undo after a delete): choosing it runs `run` and closes the toast. An
 * `undo` action is also run by Ctrl+Z (⌘Z) while its toast shows and focus is not in a field.
 */
export type ToastAction = { label: string; run: () => void; undo?: boolean };
export type ToastOptions = { ms?: number; action?: ToastAction };

type Toast = { id: number; kind: 'error' | 'success' | 'info'; text: string; action?: ToastAction; ms: number };

const toastsAtom = atom<Toast[]>([]);
let nextId = 1;

/**
 * Shows a short message; errors are announced assertively, the rest politely. The third argument
 * is how long it shows (ms, 4 s by default) or options with an action such as Undo, which keeps
 * the toast 8 s unless told otherwise so there is time to reach it (and longer while the pointer
 * rests on it or focus is in it: see `ToastItem`).
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

const styles = {
  error: 'border-red-300 bg-red-50 text-red-900',
  success: 'border-green-300 bg-green-50 text-green-900',
  info: 'border-slate-300 bg-white text-slate-900',
} as const;

export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  const setToasts = useSetAtom(toastsAtom);
  const undoable = toasts.findLast((t) => t.action?.undo);
  useEffect(() => {
    if (!undoable) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      // Ctrl+Z in a field undoes typing there, as it always does.
      if (event.key.toLowerCase() !== 'z' || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey || isTypingTarget(event.target)) return;
      event.preventDefault();
      setToasts((all) => all.filter((t) => t.id !== undoable.id));
      undoable.action!.run();
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [undoable, setToasts]);
  return (
    <div className="pointer-events-none fixed right-4 bottom-4 z-50 flex flex-col gap-2">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} dismiss={() => setToasts((all) => all.filter((t) => t.id !== toast.id))} />
      ))}
    </div>
  );
}

/**
 * One toast, gone after its time. A toast with an action (Undo) waits while the pointer rests on
 * it or focus is in it, and then shows for the rest of its time: it never vanishes under the hand
 * reaching for it (WCAG 2.2.1). A plain message keeps its time exactly (the spec's 3 s snackbar).
 */
function ToastItem({ toast, dismiss }: { toast: Toast; dismiss: () => void }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = toast.action !== undefined && (hovered || focused);
  const remaining = useRef(toast.ms);
  const dismissNow = useRef(dismiss);
  dismissNow.current = dismiss;
  useEffect(() => {
    if (held) return;
    const started = Date.now();
    const timer = window.setTimeout(() => dismissNow.current(), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [held]);
  return (
    <div
      role={toast.kind === 'error' ? 'alert' : 'status'}
      className={`pointer-events-auto flex items-center gap-3 rounded-md border px-4 py-2 text-sm shadow ${styles[toast.kind]}`}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <span>{toast.text}</span>
      {toast.action ? (
        <button
          type="button"
          className="rounded px-2 py-0.5 font-semibold underline underline-offset-2 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-offset-2"
          onClick={() => {
            dismiss();
            toast.action!.run();
          }}
        >
          {toast.action.label}
        </button>
      ) : null}
    </div>
  );
}
