import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';
import { controlClass } from './field.tsx';

type ChipProps = {
  children: ReactNode;
  /** Shown as an × button when given; its accessible name is `removeLabel`. */
  onRemove?(): void;
  removeLabel?: string;
  className?: string;
};

export function Chip({ children, onRemove, removeLabel, className }: ChipProps) {
  return (
    <span
      data-slot="chip"
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-full border border-brand-100 bg-brand-50 py-0.5 pr-1 pl-3 text-sm text-brand-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100',
        !onRemove && 'pr-3',
        className,
      )}
    >
      <span className="truncate">{children}</span>
      {onRemove ? (
        <button
          type="button"
          onClick={onRemove}
          aria-label={removeLabel ?? 'Remove'}
          className="inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-brand-800 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-200 dark:hover:bg-slate-700"
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </span>
  );
}

export function ChipList({ children, label, className }: { children: ReactNode; label: string; className?: string }) {
  return (
    <ul aria-label={label} data-slot="chip-list" className={cn('flex flex-wrap gap-2', className)}>
      {children}
    </ul>
  );
}

type ChipInputProps = {
  id?: string;
  value: string[];
  onChange(value: string[]): void;
  /** Accessible name of the text box, e.g. 'Add synonym'. */
  inputLabel: string;
  /** What one chip is called, for the remove buttons ('Remove synonym X'). */
  itemName: string;
  max?: number;
  maxLength?: number;
  describedBy?: string;
  invalid?: boolean;
};

/** Free-text chips: type and press Enter (or Add); each chip can be removed. Duplicates are ignored. */
export function ChipInput({ id, value, onChange, inputLabel, itemName, max, maxLength, describedBy, invalid }: ChipInputProps) {
  const [draft, setDraft] = useState('');
  const full = max !== undefined && value.length >= max;
  const add = () => {
    const text = draft.trim();
    if (!text || full) return;
    if (!value.includes(text)) onChange([...value, text]);
    setDraft('');
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };
  return (
    <div data-slot="chip-input" className="flex flex-col gap-2">
      {value.length > 0 ? (
        <ChipList label={`${itemName}s`}>
          {value.map((item) => (
            <li key={item}>
              <Chip onRemove={() => onChange(value.filter((x) => x !== item))} removeLabel={`Remove ${itemName} ${item}`}>
                {item}
              </Chip>
            </li>
          ))}
        </ChipList>
      ) : null}
      <div className="flex gap-2">
        <input
          id={id}
          aria-label={id ? undefined : inputLabel}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={controlClass}
          value={draft}
          maxLength={maxLength}
          disabled={full}
          placeholder={full ? `At most ${max}` : 'Type and press Enter'}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={handleKeyDown}
        />
        <Button type="button" variant="secondary" aria-label={`Add ${itemName}`} onClick={add} disabled={full || draft.trim() === ''}>
          Add
        </Button>
      </div>
    </div>
  );
}
