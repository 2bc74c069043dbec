import * as Popover from '@radix-ui/react-popover';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';
import { controlClass } from './field.tsx';
import type { SelectOption } from './select.tsx';

/**
 * The closed display of a multi-select (spec §2 Create person): every choice up to three, and
 * beyond three only the first two followed by an ellipsis.
 */
export function summarizeSelection(labels: readonly string[]): string {
  if (labels.length <= 3) return labels.join(', ');
  return `${labels.slice(0, 2).join(', ')}, …`;
}

type MultiSelectProps = {
  /** The control's id: a `<label htmlFor>` names the trigger button. */
  id?: string;
  value: readonly string[];
  onValueChange(value: string[]): void;
  options: readonly SelectOption[];
  /** Names the list of choices inside the popover, e.g. 'Communication languages'. */
  label: string;
  placeholder?: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  /** A filter box is offered above long lists (more than this many options). */
  filterThreshold?: number;
};

/**
 * Several choices from a list: a button showing the choices (summarised), opening a popover of
 * checkboxes. Choices keep the order they were picked in, so "the first two" are the first picked.
 */
export function MultiSelect({
  id,
  value,
  onValueChange,
  options,
  label,
  placeholder = 'None selected',
  filterThreshold = 10,
  ...aria
}: MultiSelectProps) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  /** The option the arrows are on, within the filtered list; Enter checks or unchecks it. */
  const [active, setActive] = useState(0);
  const summaryId = useId();
  const listId = `${summaryId}-list`;
  const labels = useMemo(() => value.map((v) => options.find((o) => o.value === v)?.label ?? v), [value, options]);
  const shown = filter.trim()
    ? options.filter((o) => o.label.toLowerCase().includes(filter.trim().toLowerCase()) || o.value.toLowerCase().includes(filter.trim().toLowerCase()))
    : options;
  const toggle = (optionValue: string, checked: boolean) =>
    onValueChange(checked ? [...value.filter((v) => v !== optionValue), optionValue] : value.filter((v) => v !== optionValue));
  const filterShown = options.length > filterThreshold;
  const activeIndex = Math.min(active, shown.length - 1);
  const activeOption = activeIndex >= 0 ? shown[activeIndex] : undefined;
  const optionIdOf = (optionValue: string) => `${summaryId}-${optionValue}`;
  /** The filter box drives the list as a combobox does: arrows move, Enter checks, typing filters. */
  const handleFilterKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const move = (to: number) => {
      event.preventDefault();
      const next = Math.max(0, Math.min(shown.length - 1, to));
      setActive(next);
      const option = shown[next];
      if (option) document.getElementById(optionIdOf(option.value))?.scrollIntoView({ block: 'nearest' });
    };
    if (event.key === 'ArrowDown') move(activeIndex + 1);
    else if (event.key === 'ArrowUp') move(activeIndex - 1);
    else if (event.key === 'Home' && event.ctrlKey) move(0);
    else if (event.key === 'End' && event.ctrlKey) move(shown.length - 1);
    else if (event.key === 'Enter') {
      // Never the surrounding form's submit: Enter picks in the list.
      event.preventDefault();
      event.stopPropagation();
      if (activeOption) toggle(activeOption.value, !value.includes(activeOption.value));
    }
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setFilter('');
      }}
    >
      <Popover.Trigger asChild>
        <button
          id={id}
          type="button"
          data-slot="multi-select-trigger"
          aria-invalid={aria['aria-invalid']}
          aria-describedby={[summaryId, aria['aria-describedby']].filter(Boolean).join(' ')}
          className={cn(controlClass, 'flex min-h-9 items-center justify-between gap-2 text-left')}
        >
          <span id={summaryId} className={cn('truncate', value.length === 0 && 'text-slate-500 dark:text-slate-400')}>
            {value.length === 0 ? placeholder : summarizeSelection(labels)}
          </span>
          <span aria-hidden="true" className="text-xs text-slate-500">
            ▾
          </span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          data-slot="multi-select-content"
          align="start"
          sideOffset={4}
          aria-label={label}
          className="z-50 w-[var(--radix-popover-trigger-width)] min-w-64 rounded-md border border-slate-200 bg-white p-2 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          {filterShown ? (
            <input
              type="search"
              role="combobox"
              aria-label={`Filter ${label.toLowerCase()}`}
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeOption ? optionIdOf(activeOption.value) : undefined}
              placeholder="Filter…"
              value={filter}
              onChange={(event) => {
                setFilter(event.target.value);
                setActive(0);
              }}
              onKeyDown={handleFilterKeyDown}
              className={cn(controlClass, 'mb-2')}
            />
          ) : null}
          <div id={listId} role="group" aria-label={label} className="max-h-64 overflow-y-auto">
            {shown.length === 0 ? <p className="px-2 py-1.5 text-sm text-slate-600 dark:text-slate-400">No match.</p> : null}
            {shown.map((option) => {
              const optionId = optionIdOf(option.value);
              const checked = value.includes(option.value);
              const isActive = filterShown && option === activeOption;
              return (
                <div
                  key={option.value}
                  data-active={isActive || undefined}
                  className={cn(
                    'flex items-center gap-2 rounded px-2 py-1 hover:bg-brand-50 dark:hover:bg-slate-800',
                    isActive && 'bg-brand-50 ring-1 ring-brand-600 dark:bg-slate-800 dark:ring-brand-100',
                  )}
                >
                  <input
                    id={optionId}
                    type="checkbox"
                    checked={checked}
                    onChange={(event) => toggle(option.value, event.target.checked)}
                    className="h-4 w-4 accent-brand-700"
                  />
                  <label htmlFor={optionId} className="flex-1 cursor-pointer text-sm">
                    {option.label}
                  </label>
                </div>
              );
            })}
          </div>
          <div className="mt-2 flex items-center justify-between border-t border-slate-200 pt-2 dark:border-slate-700">
            <span className="text-xs text-slate-600 dark:text-slate-400">{value.length} selected</span>
            <div className="flex gap-2">
              <Button type="button" variant="ghost" onClick={() => onValueChange([])} disabled={value.length === 0}>
                Clear
              </Button>
              <Popover.Close asChild>
                <Button type="button">Done</Button>
              </Popover.Close>
            </div>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
