import * as Popover from '@radix-ui/react-popover';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Command as Cmdk } from 'cmdk';
import { useDeferredValue, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode, type Ref } from 'react';
import { messages } from '../../../domain/messages.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';
import { Chip, ChipList } from './chip.tsx';
import { Empty } from './description-list.tsx';
import { controlClass } from './field.tsx';

/** A record as a picker holds it: its id, and its name for the chip or the button. */
export type PickedRecord = { id: string; name: string };

/** How the picker speaks of what it offers: `{ a: 'an account', one: 'account', many: 'accounts' }`. */
export type RecordNoun = { a: string; one: string; many: string };

/** What a search answers: the records offered (with whatever else the list has). */
export type RecordListing = { items: readonly PickedRecord[] };

/** The query of the records offered for the typed text (an empty text: the first of them by name). */
export type RecordSearch<TData extends RecordListing, TError, TKey extends QueryKey> = (q: string) => UseQueryOptions<TData, TError, TData, TKey>;

type OptionOf<TData extends RecordListing> = TData['items'][number];

/** Adds a record unless already there (a duplicate is ignored) or the list holds `max`. */
export function addRecord<R extends PickedRecord>(list: readonly R[], added: R, max: number): R[] {
  if (list.some((r) => r.id === added.id) || list.length >= max) return [...list];
  return [...list, added];
}

const byName = <T extends PickedRecord>(options: readonly T[]): T[] => [...options].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));

type SearchPopoverProps<TData extends RecordListing, TError, TKey extends QueryKey, T = OptionOf<TData>> = {
  /** The button that opens the search; focus returns to it when the box closes. */
  trigger: ReactElement;
  /** Names the box: 'Add Practitioner', 'Choose a location'. */
  title: string;
  noun: RecordNoun;
  /** Names the list of options: 'Practitioners to add'. */
  listLabel: string;
  search: RecordSearch<TData, TError, TKey>;
  /** Options never offered (an account cannot assume itself). */
  hide?(option: T): boolean;
  /** An option's text; its name by default. */
  renderOption?(option: T): ReactNode;
  /** A word shown at the end of an option ('added', 'chosen'), or null. */
  mark(option: T): string | null;
  onChoose(option: T): void;
  /** A letter typed on the trigger opens the box with it as the search (a select's type-ahead): no Enter needed first. */
  typeToOpen?: boolean;
  /** Where the focus goes once an option is chosen (the form's next step); the trigger when this answers null. */
  focusAfterChoice?(option: T): HTMLElement | null;
};

/**
 * The search box every record picker opens: type to search (on the server, by name), the options
 * sorted by name with the first highlighted so Enter right after typing takes it, arrows move,
 * Enter or a click chooses and closes, Escape closes; focus goes back to the trigger.
 */
function SearchPopover<TData extends RecordListing, TError, TKey extends QueryKey>({ trigger, title, noun, listLabel, search, hide, renderOption, mark, onChoose, typeToOpen = false, focusAfterChoice }: SearchPopoverProps<TData, TError, TKey>) {
  /** The option just chosen, until the box has closed and placed the focus. */
  const chosen = useRef<OptionOf<TData> | null>(null);
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  // Open as of the last key, not the last render: the letters typed before the search box takes
  // the focus land on the trigger, and each adds to the search instead of starting it again.
  const opened = useRef(false);
  opened.current = open;
  const input = useRef<HTMLInputElement>(null);
  const typeAhead = (event: KeyboardEvent<HTMLElement>) => {
    if (!typeToOpen || event.key.length !== 1 || event.key === ' ' || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    const key = event.key;
    if (opened.current) setQ((typed) => typed + key);
    else setQ(key);
    opened.current = true;
    setOpen(true);
  };
  const deferredQ = useDeferredValue(q.trim());
  const found = useQuery({ ...search(deferredQ), enabled: open });
  const options = byName((found.data?.items ?? []).filter((o) => !hide?.(o)));
  // The highlighted option: the first match until the arrows move it.
  const [active, setActive] = useState('');
  const highlighted = options.some((o) => o.id === active) ? active : (options[0]?.id ?? '');
  const choose = (option: OptionOf<TData>) => {
    chosen.current = option;
    setOpen(false);
    setQ('');
    onChoose(option);
  };
  // The options are those of what was typed (not the last answer's, shown while the next loads).
  // An Enter typed before they arrive waits for them: "Victor Chen", Enter at once takes Victor
  // Chen, never the first name of the list as it was before the search answered.
  const settled = deferredQ === q.trim() && !found.isPlaceholderData && !found.isPending;
  const [enterWaits, setEnterWaits] = useState(false);
  const waitingFor = options.find((o) => o.id === highlighted);
  useEffect(() => {
    if (!enterWaits || !settled) return;
    setEnterWaits(false);
    if (waitingFor) choose(waitingFor);
    // choose is this render's; what it closes over (onChoose) is the caller's current one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enterWaits, settled, waitingFor]);

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) return;
        setQ('');
        setEnterWaits(false);
      }}
    >
      <Popover.Trigger asChild onKeyDown={typeAhead}>
        {trigger}
      </Popover.Trigger>
      <Popover.Content
        align="start"
        sideOffset={4}
        aria-label={title}
        // The search box takes the focus with the caret after what was typed on the trigger
        // (Radix would select it, and the next letter would replace it).
        onOpenAutoFocus={(event) => {
          const box = input.current;
          if (!box) return;
          event.preventDefault();
          box.focus();
          box.setSelectionRange(box.value.length, box.value.length);
        }}
        onCloseAutoFocus={(event) => {
          const option = chosen.current;
          chosen.current = null;
          const next = option && focusAfterChoice?.(option);
          if (!next) return;
          event.preventDefault();
          next.focus();
        }}
        className="z-50 w-[min(24rem,calc(100vw-2rem))] rounded-md border border-slate-200 bg-white p-2 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <Cmdk
          label={`Find ${noun.a}`}
          shouldFilter={false}
          loop
          value={highlighted}
          onValueChange={setActive}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || settled) return;
            event.preventDefault();
            setEnterWaits(true);
          }}
        >
          <Cmdk.Input ref={input} value={q} onValueChange={setQ} placeholder={`Find ${noun.a}…`} className={cn(controlClass, 'mb-2')} />
          <Cmdk.List aria-label={listLabel} className="max-h-64 overflow-y-auto">
            <Cmdk.Empty className="px-2 py-3 text-sm text-slate-600 dark:text-slate-300">
              {found.isPending || found.isPlaceholderData ? `Loading ${noun.many}…` : found.isError ? messages.tryAgain : `No ${noun.one} matches.`}
            </Cmdk.Empty>
            {options.map((o) => {
              const marked = mark(o);
              return (
                <Cmdk.Item
                  key={o.id}
                  value={o.id}
                  onSelect={() => choose(o)}
                  className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm break-all data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-900 dark:data-[selected=true]:bg-slate-700 dark:data-[selected=true]:text-white"
                >
                  {renderOption ? renderOption(o) : <span>{o.name}</span>}
                  {marked ? <span className="ml-auto shrink-0 text-xs text-slate-600 dark:text-slate-300">{marked}</span> : null}
                </Cmdk.Item>
              );
            })}
          </Cmdk.List>
        </Cmdk>
      </Popover.Content>
    </Popover.Root>
  );
}

type RecordChipsProps = {
  /** Names the list: 'Practitioners', 'Assumed accounts'. */
  label: string;
  value: readonly PickedRecord[];
  /** What a chip is called on its remove button: 'practitioner' → "Remove practitioner Ann Lee". */
  itemName: string;
  /** Given while editing: each chip can be removed (×, or Backspace/Delete on it). */
  onChange?(value: PickedRecord[]): void;
  /** A chip's content when it cannot be removed: usually a link to the record's page. */
  renderLink(record: PickedRecord): ReactNode;
  /** Where focus goes when the last chip is removed (the picker's Add button). */
  focusWhenEmpty?(): HTMLElement | null;
  /** Shown when there is no record: a dash by default. */
  empty?: ReactNode;
  /** The chips link to their records even while they can be removed (a page without an edit mode, where leaving loses nothing). */
  linked?: boolean;
};

/**
 * Records as chips. While editing each has a remove button; removing one (click, or Backspace or
 * Delete with the button focused) moves focus to the chip now in its place, else the one before,
 * else `focusWhenEmpty`, so the keyboard keeps its place.
 */
export function RecordChips({ label, value, itemName, onChange, renderLink, focusWhenEmpty, empty = <Empty />, linked = false }: RecordChipsProps) {
  const list = useRef<HTMLDivElement>(null);
  const removedAt = useRef<number | null>(null);
  useEffect(() => {
    const at = removedAt.current;
    if (at === null) return;
    removedAt.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('[data-slot="chip"] button') ?? [];
    (buttons[at] ?? buttons[at - 1] ?? focusWhenEmpty?.())?.focus();
  }, [value, focusWhenEmpty]);

  const remove = (index: number) => {
    if (!onChange) return;
    removedAt.current = index;
    onChange(value.filter((_, i) => i !== index));
  };
  const handleKeyDown = (index: number) => (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key !== 'Backspace' && event.key !== 'Delete') return;
    event.preventDefault();
    remove(index);
  };

  if (value.length === 0) return empty;
  return (
    <div ref={list} className="contents">
      <ChipList label={label}>
        {value.map((r, index) =>
          onChange ? (
            <li key={r.id} onKeyDown={handleKeyDown(index)}>
              <Chip onRemove={() => remove(index)} removeLabel={`Remove ${itemName} ${r.name}`}>
                {linked ? renderLink(r) : r.name}
              </Chip>
            </li>
          ) : (
            <li key={r.id}>
              <Chip>{renderLink(r)}</Chip>
            </li>
          ),
        )}
      </ChipList>
    </div>
  );
}

type RecordPickerProps<TData extends RecordListing, TError, TKey extends QueryKey, T = OptionOf<TData>> = {
  value: readonly PickedRecord[];
  onChange(value: PickedRecord[]): void;
  /** View mode: the chips link to the records and nothing can be added or removed. */
  editable: boolean;
  /** Names the chips' list: 'Practitioners'. */
  label: string;
  /** What a chip is called on its remove button: 'assumed account'. */
  itemName: string;
  renderLink(record: PickedRecord): ReactNode;
  /** The button and its box: 'Add Practitioner'. */
  addLabel: string;
  noun: RecordNoun;
  /** Names the options' list: 'Practitioners to add'. */
  listLabel: string;
  search: RecordSearch<TData, TError, TKey>;
  hide?(option: T): boolean;
  renderOption?(option: T): ReactNode;
  /** A record picked again is not added: "Ann Lee is already associated." */
  already: string;
  /** How many the list holds at most: at that many Add is disabled. */
  max: number;
  /** Shown under a full list as "Limit reached: {limitMessage}." (and read with the disabled button). */
  limitMessage?: string;
  /** Ids of the field's hint and error, read with the Add button. */
  describedBy?: string;
  className?: string;
  /** See `RecordChips`: the chips link to their records while editable too. */
  linked?: boolean;
};

/**
 * Several records of one kind as chips (removable while editing) and a searchable Add button that
 * opens the search box: one choice per opening, a duplicate ignored with a notice, at `max` the
 * button disabled (with the limit's message when given).
 */
export function RecordPicker<TData extends RecordListing, TError, TKey extends QueryKey>({
  value,
  onChange,
  editable,
  label,
  itemName,
  renderLink,
  addLabel,
  noun,
  listLabel,
  search,
  hide,
  renderOption,
  already,
  max,
  limitMessage,
  describedBy,
  className,
  linked,
}: RecordPickerProps<TData, TError, TKey>) {
  const [notice, setNotice] = useState('');
  const limitId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const full = value.length >= max;
  const showLimit = full && limitMessage !== undefined;

  const choose = (option: OptionOf<TData>) => {
    const chosen = { id: option.id, name: option.name };
    if (value.some((r) => r.id === chosen.id)) {
      setNotice(`${chosen.name} is already ${already}.`);
      return;
    }
    onChange(addRecord(value, chosen, max));
    setNotice(`${chosen.name} added.`);
  };

  return (
    <div data-slot="record-picker" className={cn('flex flex-col gap-2', className)}>
      <RecordChips
        label={label}
        value={value}
        itemName={itemName}
        onChange={editable ? onChange : undefined}
        renderLink={renderLink}
        linked={linked}
        focusWhenEmpty={() => addButton.current}
        empty={
          <p className="text-sm">
            <Empty />
          </p>
        }
      />
      {editable ? (
        <>
          <SearchPopover
            trigger={
              <Button
                ref={addButton}
                type="button"
                variant="secondary"
                className="self-start"
                disabled={full}
                aria-describedby={[showLimit ? limitId : null, describedBy].filter(Boolean).join(' ') || undefined}
              >
                {addLabel}
              </Button>
            }
            title={addLabel}
            noun={noun}
            listLabel={listLabel}
            search={search}
            hide={hide}
            renderOption={renderOption}
            mark={(o) => (value.some((r) => r.id === o.id) ? 'added' : null)}
            onChoose={choose}
          />
          {showLimit ? (
            <p id={limitId} className="text-sm text-slate-700 dark:text-slate-300">
              Limit reached: {limitMessage}.
            </p>
          ) : null}
          <p role="status" className="text-xs text-slate-600 empty:hidden dark:text-slate-300">
            {notice}
          </p>
        </>
      ) : null}
    </div>
  );
}

type RecordSelectProps<TData extends RecordListing, TError, TKey extends QueryKey> = {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
  /** The button says "Choose a location" until one is chosen; the box is named so too. */
  noun: RecordNoun;
  /** Names the options' list: 'Locations'. */
  listLabel: string;
  value: PickedRecord | null;
  disabled?: boolean;
  search: RecordSearch<TData, TError, TKey>;
  /** The choice, and the whole option it was (whatever else the search answers of it). */
  onChange(choice: PickedRecord, option: OptionOf<TData>): void;
  /** An option's text in the box; its name by default. */
  renderOption?(option: OptionOf<TData>): ReactNode;
  /** The button, for a form that puts the focus on it. */
  buttonRef?: Ref<HTMLButtonElement>;
  /** Where the focus goes once a record is chosen; the button by default. */
  focusAfterChoice?(option: OptionOf<TData>): HTMLElement | null;
};

/**
 * One record, searched by name: a control-like button showing the choice, opening the same search
 * box as RecordPicker (the chosen option marked 'chosen').
 */
// aria-required is not for buttons (the label's asterisk and the error say it).
export function RecordSelect<TData extends RecordListing, TError, TKey extends QueryKey>({
  id,
  noun,
  listLabel,
  value,
  disabled,
  search,
  onChange,
  renderOption,
  buttonRef,
  focusAfterChoice,
  'aria-required': _required,
  ...aria
}: RecordSelectProps<TData, TError, TKey>) {
  // The label names the button; the choice shown on it is read as its description.
  const valueId = useId();
  return (
    <SearchPopover
      trigger={
        <button
          ref={buttonRef}
          id={id}
          type="button"
          disabled={disabled}
          data-slot="record-select"
          aria-invalid={aria['aria-invalid']}
          aria-describedby={[valueId, aria['aria-describedby']].filter(Boolean).join(' ')}
          className={cn(controlClass, 'flex min-h-9 items-center justify-between gap-2 text-left')}
        >
          <span id={valueId} className={cn('truncate', !value && 'text-slate-500 dark:text-slate-400')}>
            {value ? value.name : `Choose ${noun.a}`}
          </span>
          <span aria-hidden="true" className="text-xs text-slate-500">
            ▾
          </span>
        </button>
      }
      title={`Choose ${noun.a}`}
      noun={noun}
      listLabel={listLabel}
      search={search}
      renderOption={renderOption}
      mark={(o) => (o.id === value?.id ? 'chosen' : null)}
      onChoose={(o) => onChange({ id: o.id, name: o.name }, o)}
      focusAfterChoice={focusAfterChoice}
      typeToOpen
    />
  );
}
