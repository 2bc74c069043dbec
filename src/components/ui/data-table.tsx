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
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { isPlainKey, isTypingTarget } from '../../lib/keyboard.ts';
import { Button } from './button.tsx';
import { Pagination } from './pagination.tsx';

export type DataTableColumnMeta = {
  headerClassName?: string;
  cellClassName?: string;
};

/**
 * A column shown from the `sm` breakpoint up: at phone size (390 px) a list keeps its id, name and
 * one short column, so its table fits without scrolling sideways; the record's page has the rest.
 */
export const wideScreenColumn = { headerClassName: 'max-sm:hidden', cellClassName: 'max-sm:hidden' } satisfies DataTableColumnMeta;

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
  /** Enter on the active row: conventional navigation. */
  onOpen(row: TData): void;
  /** Shift+Enter on the active row: open it beside the list (side panel). */
  onOpenInPanel?(row: TData): void;
  /** A click on a row opens it (a grid whose spec says so); otherwise a click makes it active and a double click opens it. */
  openOnClick?: boolean;
  status: 'pending' | 'error' | 'success';
  /** A newer page is on its way while the old one stays visible. */
  fetching?: boolean;
  empty: ReactNode;
  error: ReactNode;
  onRetry?(): void;
  /** Replaces the page-number pagination (a list paged by cursor has its own Newer/Older). */
  pagination?: ReactNode;
};

const emptyRows: never[] = [];

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
  useEffect(() => {
    if (activeRef.current >= 0) setActive(0);
  }, [data]);

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
    else if (activeRef.current < 0) moveTo(0);
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
    const from = activeRef.current < 0 ? 0 : activeRef.current;
    const to = { next: from + 1, previous: from - 1, first: 0, last: rows.length - 1 }[where ?? 'first'];
    moveTo(where ? to : from);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when rows arrive
  }, [rows]);

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
    } else if (key === 'Enter') {
      // Enter on a link inside the row is the link's own business.
      if (event.target !== event.currentTarget) return;
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

  const colSpan = table.getAllLeafColumns().length;
  const showRows = status === 'success' || (status === 'pending' && data !== undefined);

  return (
    <div data-slot="data-table" className="flex flex-col gap-3">
      {/* relative: screen-reader-only text in a cell (an empty value's "Not given") is positioned in the scroller, not past the page's edge. */}
      <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
        <table aria-label={label} aria-busy={status === 'pending' || props.fetching ? true : undefined} className="w-full border-collapse text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800/60">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      className={cn('px-3 py-2 font-semibold text-slate-700 dark:text-slate-200', header.column.columnDef.meta?.headerClassName)}
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
              if (event.target === event.currentTarget && activeRef.current < 0 && rows.length > 0) moveTo(0);
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
                    onClick={(event) => {
                      setActive(index);
                      // A link or button inside the row does its own thing.
                      if (props.openOnClick && !(event.target as Element).closest('a, button')) props.onOpen(row.original);
                    }}
                    onDoubleClick={() => props.onOpen(row.original)}
                    className={cn(
                      'border-b border-slate-100 last:border-b-0 hover:bg-slate-50 data-active:bg-brand-50 group-focus/body:data-active:outline-2 group-focus/body:data-active:-outline-offset-2 group-focus/body:data-active:outline-brand-600 dark:border-slate-800 dark:hover:bg-slate-800/60 dark:data-active:bg-slate-800',
                      props.openOnClick && 'cursor-pointer',
                    )}
                  >
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id} className={cn('px-3 py-2', cell.column.columnDef.meta?.cellClassName)}>
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                ))
              : null}
          </tbody>
        </table>
      </div>
      <p id={hintId} className="sr-only">
        J or K (or the arrow keys) move between rows, Enter opens the row{props.onOpenInPanel ? ', Shift+Enter opens it in the side panel' : ''}.
      </p>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {props.pagination ?? (
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
      )}
    </div>
  );
}

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
