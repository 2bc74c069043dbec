import { useToast } from '../../lib/toast.ts';
import { cn } from '../../lib/cn.ts';

/** Puts a value on the clipboard and says whether it worked ('Role ARN copied.'). */
export function useCopyValue() {
  const toast = useToast();
  return (value: string, what: string) =>
    navigator.clipboard.writeText(value).then(
      () => toast('success', `${what} copied.`),
      () => toast('error', `The ${what.toLowerCase()} could not be copied.`),
    );
}

/**
 * An id, an ARN, a URL: a value read or copied as a whole, on a record screen (issue 24). It is
 * never broken across lines (half an id on each line reads as two values, and a phone would break
 * it anywhere): it keeps one line, cut with an ellipsis where the screen is too narrow, the whole
 * value in its title and in the text read aloud, and a button copies it. `label` is the field's
 * label ('Role ARN'), which names the button.
 */
export function Token({ value, label, className }: { value: string; label: string; className?: string }) {
  const copy = useCopyValue();
  return (
    <span data-slot="token" className={cn('flex max-w-full min-w-0 items-center gap-1', className)}>
      <span title={value} className="min-w-0 truncate font-mono text-xs">
        {value}
      </span>
      <button
        type="button"
        onClick={() => void copy(value, label)}
        aria-label={`Copy ${label}`}
        title={`Copy ${label}`}
        className="shrink-0 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="1.5">
          <rect x="5" y="5" width="8.5" height="8.5" rx="1.5" />
          <path d="M3 10.5V3.5A1 1 0 0 1 4 2.5h6.5" strokeLinecap="round" />
        </svg>
      </button>
    </span>
  );
}
