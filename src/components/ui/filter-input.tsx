import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { isPlainKey } from '../../lib/keyboard.ts';
import { controlBase } from './field.tsx';

type FilterInputProps = {
  label: string;
  value: string;
  /** Called once typing pauses (debounced), and at once on Enter. */
  onValueChange(value: string): void;
  delay?: number;
  placeholder?: string;
  className?: string;
};

/** A labelled, debounced filter box. Follows `value` when it changes from outside (Back); a pause after leaving the screen filters nothing. */
export function FilterInput({ label, value, onValueChange, delay = 300, placeholder, className }: FilterInputProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const router = useRouter();
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(onValueChange);
  useEffect(() => {
    latest.current = onValueChange;
  }, [onValueChange]);
  useEffect(() => {
    setDraft(value);
  }, [value]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const schedule = (next: string) => {
    setDraft(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      // The user went on (a row clicked, a shortcut) before typing paused: the way to the next
      // screen is under way, and filtering the screen being left would take them back to it.
      const { location, resolvedLocation } = router.state;
      if (resolvedLocation && location.pathname !== resolvedLocation.pathname) return;
      latest.current(next);
    }, delay);
  };

  return (
    <div data-slot="filter-input" className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={draft}
        placeholder={placeholder}
        maxLength={100}
        onChange={(event) => schedule(event.target.value)}
        onKeyDown={(event) => {
          // Enter, and ↓ on the way to the results (FilterRow), apply what was typed at once.
          if ((event.key === 'Enter' || event.key === 'ArrowDown') && isPlainKey(event) && !event.nativeEvent.isComposing) {
            window.clearTimeout(timer.current);
            if (draft !== value || event.key === 'Enter') latest.current(draft);
          }
        }}
        className={cn(controlBase, 'w-72 max-w-full')}
      />
    </div>
  );
}

/** A text box of a filter row (not a date, a select or a button: ↓ and Enter are theirs). */
const isFilterBox = (target: EventTarget) => target instanceof HTMLInputElement && ['search', 'text'].includes(target.type);

/**
 * A list's row of filters, before its table: from any of its text boxes, ↓ or Enter goes to the
 * results, their first row active, as in the palette (issue 40: ↓ and Enter stayed in the box, and
 * the table was 18 Tabs away). The box has applied what was typed by then; a key pressed while
 * the results come waits for them (DataTable).
 */
export function FilterRow({ className, children }: { className?: string; children: ReactNode }) {
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.key !== 'ArrowDown' && event.key !== 'Enter') || !isPlainKey(event) || event.shiftKey || event.nativeEvent.isComposing || !isFilterBox(event.target)) return;
    const results = event.currentTarget.parentElement?.querySelector<HTMLElement>('[data-route-focus]');
    if (!results) return;
    event.preventDefault();
    results.focus();
  };
  return (
    <div data-slot="filter-row" onKeyDown={handleKeyDown} className={className}>
      {children}
    </div>
  );
}
