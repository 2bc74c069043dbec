import {
  functionalUpdate,
  metaHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type Row,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { isPlainKey, isTypingTarget } from '../../lib/keyboard.ts';
import { Button } from './button.tsx';
import { Pagination } from './pagination.tsx';

export type DataTableColumnMeta = {
  headerClassName?: string;
  cellClassName?: string;
  /**
   * The record's name: its cell is the row's link (a real `<a href>`, so Ctrl/middle click opens a
   * new tab), the row's one Tab stop, and the column that stays in view when the table scrolls
   * sideways. One column per list.
   */
  rowName?: boolean;
  /** Prose (a description, a comment): wraps between words; every other cell keeps to one line. */
  prose?: boolean;
};

/** The meta of a list's name column (see `rowName`). */
export const nameColumn = { rowName: true, cellClassName: 'font-medium' } satisfies DataTableColumnMeta;

/** Where a row leads: a route and its params, as the router's `Link` takes them. */
export type DataTableRowLink = { to: string; params?: Record<string, string> };

/** The table features every list uses: server-side (manual) sorting and paging. */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnMeta: metaHelper<DataTableColumnMeta>(),
});
export type DataTableFeatures = typeof dataTableFeatures;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a column list mixes value types
export type DataTableColumn<TData extends RowData> = ColumnDef<DataTableFeatures, TData, any>;

export type DataTableSort = { id: string; desc: boolean };

export type DataTableProps<TData extends RowData> = {
  /** Names the table (aria-label) and its pagination. */
  label: string;
  columns: DataTableColumn<TData>[];
  /** Rows of the current page; undefined until the first answer. */
  data: TData[] | undefined;
  rowCount: number;
  rowCountEstimated?: boolean;
  getRowId(row: TData): string;
  /** Read aloud when a row becomes active by keyboard (e.g. the person's name). */
  getRowLabel(row: TData): string;
  /** 1-based page. */
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  sort: DataTableSort | null;
  onPageChange(page: number): void;
  onPageSizeChange(size: number): void;
  onSortChange(sort: DataTableSort | null): void;
  /** The row's record: the name column's link, and where a click on the row leads. */
  rowLink?(row: TData): DataTableRowLink | null;
  /** Enter on the active row, or a click on the row: conventional navigation. */
  onOpen(row: TData): void;
  /** Shift+Enter on the active row: open it beside the list (side panel). */
  onOpenInPanel?(row: TData): void;
  /** Y on a row (the name link focused, or the body on an active row): copy its id. */
  onCopy?(row: TData): void;
  status: 'pending' | 'error' | 'success';
  /** A newer page is on its way while the old one stays visible. */
  fetching?: boolean;
  /** What the list is empty of, and the next step (create, or clear the filter). */
  empty: ReactNode;
  error: ReactNode;
  onRetry?(): void;
  /** Replaces the page-number pagination (a list paged by cursor has its own Newer/Older). */
  pagination?: ReactNode;
  /**
   * The row to start on instead of the first (the record just created, issue 24): it is active as
   * soon as it is shown, and the keyboard starts from it.
   */
  activeRowId?: string | null;
  /**
   * A list that refreshes itself (new calls arrive at its top): when the data changes and the
   * active row is still shown, it stays active (at its new place) instead of starting again at the first row.
   */
  keepActiveRow?: boolean;
};

const emptyRows: never[] = [];

/** Below Tailwind's `sm` breakpoint: a phone. */
const phoneQuery = '(max-width: 639.98px)';
const subscribePhone = (onChange: () => void) => {
  const media = window.matchMedia(phoneQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};
const isPhone = () => window.matchMedia(phoneQuery).matches;

/** On a phone the name column comes first (it stays in view when the table scrolls sideways); elsewhere the columns keep their order. */
function nameFirst<T extends { column: { columnDef: { meta?: DataTableColumnMeta } } }>(items: T[], phone: boolean): T[] {
  if (!phone) return items;
  return [...items.filter((item) => item.column.columnDef.meta?.rowName), ...items.filter((item) => !item.column.columnDef.meta?.rowName)];
}

/**
 * A server-side table on TanStack Table v9 (manual sorting and paging: the route's search params
 * own the state, the API does the work). Keyboard: the body is focusable; J/K or the arrow keys
 * move the active row, Enter opens it, Shift+Enter opens it in the side panel.
 */
export function DataTable<TData extends RowData>(props: DataTableProps<TData>) {
  const { label, columns, data, rowCount, page, pageSize, sort, status } = props;
  const sorting: SortingState = sort ? [sort] : [];
  const pagination: PaginationState = { pageIndex: page - 1, pageSize };

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: data ?? emptyRows,
    getRowId: (row) => props.getRowId(row),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: false,
    rowCount,
    state: { sorting, pagination },
    onSortingChange: (updater: Updater<SortingState>) => props.onSortChange(functionalUpdate(updater, sorting)[0] ?? null),
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = functionalUpdate(updater, pagination);
      if (next.pageSize !== pageSize) props.onPageSizeChange(next.pageSize);
      else if (next.pageIndex !== pagination.pageIndex) props.onPageChange(next.pageIndex + 1);
    },
  });

  const rows = table.getRowModel().rows;
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  const [active, setActiveState] = useState(-1);
  // Read by key handlers: keys replayed in one go (see key-buffer) come before a re-render.
  const activeRef = useRef(-1);
  const setActive = (index: number) => {
    activeRef.current = index;
    setActiveState(index);
  };
  const [announcement, setAnnouncement] = useState('');
  const rowRefs = useRef<(HTMLTableRowElement | null)[]>([]);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const hintId = useId();

  // A new page (or filter, or sort) starts again at its first row.
  // The ids of the rows shown before the data changed: where the active row was (keepActiveRow).
  const previousRowIds = useRef<string[]>([]);
  useEffect(() => {
    const kept = props.keepActiveRow && activeRef.current >= 0 ? previousRowIds.current[activeRef.current] : undefined;
    previousRowIds.current = rows.map((row) => row.id);
    if (activeRef.current < 0) return;
    const index = kept === undefined ? -1 : rows.findIndex((row) => row.id === kept);
    setActive(Math.max(0, index));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the data changes
  }, [data]);

  /** Where the keyboard starts: the row asked for when it is shown, else the first. */
  const startIndex = () => Math.max(0, props.activeRowId ? rows.findIndex((row) => row.id === props.activeRowId) : 0);
  // The row asked for becomes active once, as soon as it is shown (after the reset above); the
  // keys move on from there.
  const shownActiveRowId = useRef<string | null>(null);
  useEffect(() => {
    if (!props.activeRowId || shownActiveRowId.current === props.activeRowId) return;
    const index = rows.findIndex((row) => row.id === props.activeRowId);
    if (index < 0) return;
    shownActiveRowId.current = props.activeRowId;
    setActive(index);
    rowRefs.current[index]?.scrollIntoView({ block: 'nearest' });
  }, [rows, props.activeRowId]);

  // A page beyond the end (rows deleted, or a hand-edited URL) moves to the last page.
  const pageCount = Math.max(1, Math.ceil(rowCount / pageSize));
  const onPageChange = props.onPageChange;
  useEffect(() => {
    if (status === 'success' && rowCount > 0 && page > pageCount) onPageChange(pageCount);
  }, [status, rowCount, page, pageCount, onPageChange]);

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActive(next);
    rowRefs.current[next]?.scrollIntoView({ block: 'nearest' });
    const row = rows[next];
    if (row) setAnnouncement(`Row ${next + 1} of ${rows.length}: ${props.getRowLabel(row.original)}`);
  };

  /** A move asked for before the rows arrived: keys are never lost, they wait for the rows. */
  const pendingMove = useRef<'next' | 'previous' | 'first' | 'last' | null>(null);
  const move = (where: 'next' | 'previous' | 'first' | 'last') => {
    if (rows.length === 0) {
      pendingMove.current = where;
      return;
    }
    if (where === 'first' || where === 'last') moveTo(where === 'first' ? 0 : rows.length - 1);
    else if (activeRef.current < 0) moveTo(startIndex());
    else moveTo(where === 'next' ? activeRef.current + 1 : activeRef.current - 1);
  };
  const latestMove = useRef(move);
  latestMove.current = move;
  useEffect(() => {
    const where = pendingMove.current;
    if (rows.length === 0 || document.activeElement !== bodyRef.current) return;
    pendingMove.current = null;
    // Focus came before the rows: the first row becomes active, as when focus comes after them,
    // and a key pressed meanwhile moves from there.
    const from = activeRef.current < 0 ? startIndex() : activeRef.current;
    const to = { next: from + 1, previous: from - 1, first: 0, last: rows.length - 1 }[where ?? 'first'];
    moveTo(where ? to : from);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when rows arrive
  }, [rows]);

  /** An Enter pressed while the rows were still the previous filter's: done once the new ones show. */
  const pendingOpen = useRef<'page' | 'panel' | null>(null);
  useEffect(() => {
    if (props.fetching || !pendingOpen.current) return;
    const how = pendingOpen.current;
    pendingOpen.current = null;
    const row = rows[Math.max(0, activeRef.current)];
    if (!row || document.activeElement !== bodyRef.current) return;
    if (how === 'panel') props.onOpenInPanel?.(row.original);
    else props.onOpen(row.original);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the new rows arrive
  }, [data, props.fetching]);

  const handleKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    if (!isPlainKey(event) || isTypingTarget(event.target)) return;
    const key = event.key;
    if (key === 'j' || key === 'J' || key === 'ArrowDown') {
      if (event.shiftKey && key !== 'ArrowDown') return;
      event.preventDefault();
      move('next');
    } else if (key === 'k' || key === 'K' || key === 'ArrowUp') {
      if (event.shiftKey && key !== 'ArrowUp') return;
      event.preventDefault();
      move('previous');
    } else if (key === 'Home' || key === 'End') {
      event.preventDefault();
      move(key === 'Home' ? 'first' : 'last');
    } else if ((key === 'y' || key === 'Y') && !event.shiftKey && props.onCopy) {
      // The row of the focused name link, else the active row.
      const focused = rowRefs.current.findIndex((element) => element !== null && element.contains(event.target as Node));
      const row = rows[focused >= 0 ? focused : activeRef.current];
      if (!row) return;
      event.preventDefault();
      props.onCopy(row.original);
    } else if (key === 'Enter') {
      // Enter on a link inside the row is the link's own business.
      if (event.target !== event.currentTarget) return;
      // The rows shown are the last filter's while the new one's come (a filter typed, then ↓
      // Enter at once): Enter opens the new first row once it is there, never the old one.
      if (props.fetching) {
        event.preventDefault();
        pendingOpen.current = event.shiftKey ? 'panel' : 'page';
        return;
      }
      const row = rows[activeRef.current];
      if (!row) return;
      event.preventDefault();
      if (event.shiftKey) props.onOpenInPanel?.(row.original);
      else props.onOpen(row.original);
    }
  };

  // J/K work as soon as the list shows, also when nothing has focus (after a dialog closed, a
  // click on blank space): the first key brings the keyboard into the table.
  useEffect(() => {
    const handleDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      const body = bodyRef.current;
      if (!body || event.defaultPrevented || !isPlainKey(event) || event.shiftKey) return;
      if (document.activeElement !== document.body && document.activeElement !== null) return;
      if (!['j', 'k', 'ArrowDown', 'ArrowUp'].includes(event.key)) return;
      event.preventDefault();
      // The first key brings the keyboard in on the active row (the first one when none was).
      const wasActive = activeRef.current >= 0;
      body.focus({ preventScroll: true });
      if (wasActive) latestMove.current(event.key === 'j' || event.key === 'ArrowDown' ? 'next' : 'previous');
    };
    document.addEventListener('keydown', handleDocumentKeyDown);
    return () => document.removeEventListener('keydown', handleDocumentKeyDown);
  }, []);

  const router = useRouter();
  /**
   * A click anywhere on a row opens its record, as its name link would; Ctrl/Cmd or the middle
   * button open it in a new tab. Not a click on a control inside the row (it does its own thing),
   * nor the end of a drag that selected text in the row.
   */
  const handleRowClick = (event: MouseEvent<HTMLTableRowElement>, index: number, row: TData) => {
    setActive(index);
    if (!props.rowLink || event.button > 1) return;
    if ((event.target as Element).closest('a, button, input, select, textarea, label, [role="button"], [role="checkbox"], [role="menuitem"]')) return;
    const selection = window.getSelection();
    if (selection && !selection.isCollapsed && selection.anchorNode && event.currentTarget.contains(selection.anchorNode)) return;
    if (event.ctrlKey || event.metaKey || event.button === 1) {
      const link = props.rowLink(row);
      if (!link) return;
      window.open(router.buildLocation({ to: link.to as never, params: link.params as never }).href, '_blank', 'noopener');
      return;
    }
    props.onOpen(row);
  };

  const colSpan = table.getAllLeafColumns().length;
  const showRows = status === 'success' || (status === 'pending' && data !== undefined);

  return (
    <div data-slot="data-table" className="flex flex-col gap-3">
      {/* relative: screen-reader-only text in a cell (an empty value's "Not given") is positioned in the scroller, not past the page's edge.
          A table too wide for the screen (a phone) scrolls sideways with its name column in view; words and numbers never break
          (the page's own overflow-wrap: anywhere would squeeze columns until they broke letter by letter). */}
      <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white [overflow-wrap:normal] dark:border-slate-700 dark:bg-slate-900">
        <table aria-label={label} aria-busy={status === 'pending' || props.fetching ? true : undefined} className="w-full border-collapse text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800/60">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {nameFirst(group.headers, phone).map((header) => {
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      className={cn(
                        'px-3 py-2 font-semibold whitespace-nowrap text-slate-700 dark:text-slate-200',
                        header.column.columnDef.meta?.rowName && 'sticky left-0 z-[1] bg-slate-50 dark:bg-slate-800',
                        header.column.columnDef.meta?.headerClassName,
                      )}
                    >
                      {header.isPlaceholder ? null : canSort ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:text-white"
                        >
                          <table.FlexRender header={header} />
                          <span aria-hidden="true" className={cn('text-xs', sorted ? 'text-brand-700 dark:text-brand-100' : 'text-slate-400')}>
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody
            ref={bodyRef}
            // Focusable from the start (a navigation puts focus here while the rows load).
            tabIndex={status === 'error' ? undefined : 0}
            data-route-focus={status === 'error' ? undefined : ''}
            aria-describedby={hintId}
            onKeyDown={handleKeyDown}
            onFocus={(event) => {
              if (event.target === event.currentTarget && activeRef.current < 0 && rows.length > 0) moveTo(startIndex());
            }}
            className={cn('group/body focus:outline-none', props.fetching && 'opacity-60 transition-opacity')}
          >
            {status === 'pending' && data === undefined ? <SkeletonRows columns={colSpan} rows={Math.min(pageSize, 5)} /> : null}
            {status === 'error' ? (
              <tr>
                <td colSpan={colSpan} className="px-3 py-8 text-center">
                  <div role="alert" className="text-red-800 dark:text-red-300">
                    {props.error}
                  </div>
                  {props.onRetry ? (
                    <Button variant="secondary" className="mt-3" onClick={props.onRetry}>
                      Retry
                    </Button>
                  ) : null}
                </td>
              </tr>
            ) : null}
            {showRows && rows.length === 0 ? (
              <tr>
                <td colSpan={colSpan} className="px-3 py-10 text-center text-slate-600 dark:text-slate-300">
                  {props.empty}
                </td>
              </tr>
            ) : null}
            {showRows
              ? rows.map((row: Row<DataTableFeatures, TData>, index) => (
                  <tr
                    key={row.id}
                    ref={(element) => {
                      rowRefs.current[index] = element;
                    }}
                    aria-selected={index === active}
                    data-active={index === active || undefined}
                    onClick={(event) => handleRowClick(event, index, row.original)}
                    onAuxClick={(event) => handleRowClick(event, index, row.original)}
                    className={cn(
                      // A background of its own: the sticky name cell inherits it, so the cells scrolled under it do not show through.
                      'border-b border-slate-100 bg-white last:border-b-0 hover:bg-slate-50 data-active:bg-brand-50 group-focus/body:data-active:outline-2 group-focus/body:data-active:-outline-offset-2 group-focus/body:data-active:outline-brand-600 dark:border-slate-800 dark:bg-slate-900 dark:hover:bg-slate-800 dark:data-active:bg-slate-800',
                      props.rowLink && 'cursor-pointer',
                    )}
                  >
                    {nameFirst(row.getAllCells(), phone).map((cell) => {
                      const meta = cell.column.columnDef.meta;
                      const link = meta?.rowName ? props.rowLink?.(row.original) : undefined;
                      return (
                        <td key={cell.id} className={cn('px-3 py-2', cellWrap(meta), meta?.rowName && 'sticky left-0 z-[1] bg-inherit max-sm:max-w-[50vw] max-sm:min-w-32 max-sm:whitespace-normal', meta?.cellClassName)}>
                          {link ? (
                            <Link
                              to={link.to as never}
                              params={link.params as never}
                              className="text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300"
                            >
                              <table.FlexRender cell={cell} />
                            </Link>
                          ) : (
                            <table.FlexRender cell={cell} />
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))
              : null}
          </tbody>
        </table>
      </div>
      <p id={hintId} className="sr-only">
        J or K (or the arrow keys) move between rows, Enter opens the row{props.onOpenInPanel ? ', Shift+Enter opens it in the side panel' : ''}
        {props.onCopy ? ', Y copies its id' : ''}.
      </p>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {/* An empty list has no pages to tell of ("No rows, 1 / 1"): its empty state says what to do instead. */}
      {props.pagination ?? (status === 'success' && rowCount === 0 && rows.length === 0 ? null : (
        <Pagination
          label={`${label} pages`}
          page={page}
          pageSize={pageSize}
          pageSizes={props.pageSizes}
          rowCount={rowCount}
          estimated={props.rowCountEstimated}
          unknown={data === undefined}
          onPageChange={(next) => table.setPageIndex(next - 1)}
          onPageSizeChange={(size) => table.setPageSize(size)}
        />
      ))}
    </div>
  );
}

/**
 * One line per cell (dates, numbers, ids, methods never wrap inside); prose wraps between words, and
 * so does the name on a phone, where it stays in view at most half the screen wide.
 */
const cellWrap = (meta: DataTableColumnMeta | undefined) => (meta?.prose ? 'min-w-48 max-w-md whitespace-normal' : 'whitespace-nowrap');

function SkeletonRows({ columns, rows }: { columns: number; rows: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} aria-hidden="true" className="border-b border-slate-100 last:border-b-0 dark:border-slate-800">
          {Array.from({ length: columns }, (_, c) => (
            <td key={c} className="px-3 py-2.5">
              <span className="block h-4 animate-pulse rounded bg-slate-200 dark:bg-slate-700" style={{ width: `${50 + ((r * 7 + c * 13) % 40)}%` }} />
            </td>
          ))}
        </tr>
      ))}
      <tr className="sr-only">
        <td colSpan={columns}>Loading…</td>
      </tr>
    </>
  );
}
