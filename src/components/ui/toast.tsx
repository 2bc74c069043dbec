import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { isTypingTarget } from '../../lib/keyboard.ts';
import { toastsAtom, type Toast } from '../../lib/toast.ts';

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
