import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
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
          if (event.key === 'Enter') {
            window.clearTimeout(timer.current);
            latest.current(draft);
          }
        }}
        className={cn(controlBase, 'w-72 max-w-full')}
      />
    </div>
  );
}
