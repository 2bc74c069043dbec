import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';

type Toast = { id: number; kind: 'error' | 'success' | 'info'; text: string };

const toastsAtom = atom<Toast[]>([]);
let nextId = 1;

/** Shows a short message; errors are announced assertively, the rest politely. */
export function useToast() {
  const setToasts = useSetAtom(toastsAtom);
  return useCallback(
    (kind: Toast['kind'], text: string, ms = 4000) => {
      const id = nextId++;
      setToasts((all) => [...all, { id, kind, text }]);
      window.setTimeout(() => setToasts((all) => all.filter((t) => t.id !== id)), ms);
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
  return (
    <div className="pointer-events-none fixed right-4 bottom-4 z-50 flex flex-col gap-2">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto rounded-md border px-4 py-2 text-sm shadow ${styles[toast.kind]}`}
        >
          {toast.text}
        </div>
      ))}
    </div>
  );
}
