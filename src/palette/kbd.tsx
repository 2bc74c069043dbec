/** A key sequence shown as keys: 'g p' → G then P; 'ctrl+k' → Ctrl+K. */
export function Shortcut({ keys, className = '' }: { keys: string; className?: string }) {
  const parts = keys.split(' ').map((part) => part.replace(/\b\w/g, (c) => c.toUpperCase()));
  return (
    <span className={`inline-flex items-center gap-1 ${className}`}>
      <span className="sr-only">Shortcut: {parts.join(' then ')}</span>
      {parts.map((key, i) => (
        <kbd key={i} aria-hidden="true" className="min-w-5 rounded border border-slate-300 bg-slate-50 px-1 text-center font-mono text-[11px] text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200">
          {key}
        </kbd>
      ))}
    </span>
  );
}
