import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { messages } from '../../../domain/messages.ts';
import { pageSizes, type PageSize } from '../../../domain/persons.ts';
import { useAccountKey } from '../../lib/account.ts';
import { isPlainKey, isTypingTarget } from '../../lib/keyboard.ts';
import { listSearchDefaults, type ListSearch } from '../../lib/list-search.ts';
import { useMeets, type Requirement } from '../../lib/policy.ts';
import { isRefused } from '../../lib/route-guard.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { Refused } from './no-permission.tsx';
import { Button, buttonClass } from './button.tsx';
import { DataTable, type DataTableColumn } from './data-table.tsx';
import { FilterInput, FilterRow } from './filter-input.tsx';
import { PageHeader } from './page-header.tsx';
import { paramOf, recordHref, recordParams, type RecordPath, type StaticPath } from './record-path.ts';
import { useToast } from '../../lib/toast.ts';

/** A row of a record list: every record has an id, which is also the parameter of its page. */
export type RecordRow = { id: string };

/** Puts a record's id on the clipboard and says whether it worked. */
export function useCopyId() {
  const toast = useToast();
  return (id: string) =>
    navigator.clipboard.writeText(id).then(
      () => toast('success', 'Id copied.'),
      () => toast('error', 'The id could not be copied.'),
    );
}

/**
 * The Id cell of a record list: the id, in full (a list too wide for a phone scrolls sideways), and
 * a copy button. The row's one Tab stop is its name link, so the button is for the pointer only:
 * the keyboard copies the id of the focused row with Y. Given `to` (a list whose spec says "Id
 * (link)", spec §2), the id links to the record too, likewise out of the Tab order: the name link
 * already leads there by keyboard.
 */
export function RecordIdCell({ id, to }: { id: string; to?: RecordPath }) {
  const copyId = useCopyId();
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      {to ? (
        <Link
          to={to}
          params={recordParams(to, id)}
          tabIndex={-1}
          className="font-mono text-xs text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300"
        >
          {id}
        </Link>
      ) : (
        <span className="font-mono text-xs">{id}</span>
      )}
      <button
        type="button"
        tabIndex={-1}
        onClick={() => void copyId(id)}
        aria-label={`Copy id ${id}`}
        aria-keyshortcuts="Y"
        title="Copy id (Y)"
        className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="1.5">
          <rect x="5" y="5" width="8.5" height="8.5" rx="1.5" />
          <path d="M3 10.5V3.5A1 1 0 0 1 4 2.5h6.5" strokeLinecap="round" />
        </svg>
      </button>
    </span>
  );
}

export type RecordListCreate = {
  /** The button's text ('Add Person'). */
  label: string;
  to: StaticPath;
  /** The grant creating needs: roles without it get neither the button nor its C shortcut. */
  requires: Requirement;
};

export type RecordListProps<TRow extends RecordRow, TSort extends string, TPage, TKey extends QueryKey> = {
  /** The heading, and the accessible name of the table and its pagination. */
  title: string;
  /** Plural, lower case ('persons'): says what the list is empty of. */
  noun: string;
  description: ReactNode;
  /** The text filter's placeholder: what it matches ('Name, id or organization role'). Its label is "Filter <noun>". */
  filterPlaceholder: string;
  /**
   * The list's tag filter (`features/tags/tag-filter.tsx`, composed in by the route) beside the
   * text filter, for lists whose search has `tag`: the empty list says what it filters by ('tagged
   * “vip”') and Clear filter clears it too.
   */
  tagFilter?: ReactNode;
  /** The text filter's label, when "Filter <noun>" does not say what it finds ('Find by patient or number'). */
  filterLabel?: string;
  /**
   * Further filters of a list with more than a tag (the interactions' date range, queue, agent…),
   * what they filter by now for the empty list's text, and how Clear filter clears them with the
   * text filter.
   */
  filters?: ReactNode;
  activeFilters?: string[];
  onClearFilters?(): void;
  /** One column's meta says it is the record's name (`nameColumn`): its cell links to the row's page. */
  columns: DataTableColumn<TRow>[];
  /** The feature's list query factory (`personListQuery`). */
  query(account: string, search: ListSearch<TSort>): UseQueryOptions<TPage, unknown, TPage, TKey>;
  /** The rows in one answer of the list endpoint (by default its `items`; some name them `Items`). */
  rows?(page: TPage): TRow[];
  /** Read aloud when a row becomes active by keyboard (by default the row's `name`). */
  getRowLabel?(row: TRow): string;
  /** The page of one row: Enter opens it, Shift+Enter opens it in the side panel (none: rows open nothing). */
  rowPath?: RecordPath;
  /** The create action (with its C shortcut), shown to the roles that may create. */
  create?: RecordListCreate;
  /** Further buttons in the header, before the create action (a list's Refresh, say). */
  actions?: ReactNode;
  search: ListSearch<TSort> & { tag?: string };
  onSearchChange(change: Partial<ListSearch<TSort> & { tag: string }>): void;
  /**
   * The record to show active (`?selected=<id>`, set by a create flow that returns to the list,
   * issue 24): the list opens on the page holding it, with its row active.
   */
  selected?: string;
  /** The list refreshes itself (server push): the active row stays active when still shown (DataTable's `keepActiveRow`). */
  keepActiveRow?: boolean;
};

/** How many pages the list looks through for the selected record (a bound: a create flow's list is page 1 of its default order). */
export const selectedSearchPages = 20;

type Page = { total: number; totalEstimated?: boolean };

/** What a feature's list screen takes from its route: the list's URL state and how to change it. */
export type ListScreenProps<S extends ListSearch<string>> = { search: S; onSearchChange(change: Partial<S>): void };

/** What every list screen takes from its route: its URL state, the tag filter the route composes in, the row a create flow selected. */
export type RecordListScreenProps<TSort extends string> = {
  search: ListSearch<TSort> & { tag?: string };
  onSearchChange(change: Partial<ListSearch<TSort> & { tag: string }>): void;
  /** The list's tag filter (`features/tags/tag-filter.tsx`), for lists whose search has `tag`. */
  filters?: ReactNode;
  /** The record just created: its row is active (issue 24). */
  selected?: string;
};

/**
 * A feature's list screen, from what makes it that list (its texts, columns, query and pages):
 * the route's search, tag filter and selected row are passed through here, once for every list.
 */
export function recordListScreen<TRow extends RecordRow, TSort extends string, TPage extends Page, TKey extends QueryKey>(
  list: Omit<RecordListProps<TRow, TSort, TPage, TKey>, keyof RecordListScreenProps<TSort> | 'tagFilter'>,
) {
  return function ListScreen({ filters, ...route }: RecordListScreenProps<TSort>) {
    return <RecordList {...list} {...route} tagFilter={filters} />;
  };
}

const itemsOf = (page: unknown) => (page as { items: RecordRow[] }).items;
const nameOf = (row: RecordRow) => (row as RecordRow & { name: string }).name;

/**
 * A change of the list's search asked for and not yet shown: the route's search changes only once
 * its loader has the new page, and until then the rows shown are the last search's with nothing
 * saying so (`isPlaceholderData` is false: they are their own search's real data). A filter typed,
 * then ↓ and Enter at once, opened that old first row on a loaded machine (filter-keys.spec under
 * CPU throttling). While a change is under way the table counts as fetching, so its Enter waits for
 * the new rows (DataTable's pending open). A change that asks for what is shown starts nothing; a
 * navigation that never lands (left for another screen) stops counting after a few seconds.
 */
export function useSearchInFlight<C extends object>(search: object, onSearchChange: (change: C) => void) {
  const shown = JSON.stringify(search);
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    if (asked === null) return;
    if (asked !== shown) {
      setAsked(null);
      return;
    }
    const timer = window.setTimeout(() => setAsked(null), 5000);
    return () => window.clearTimeout(timer);
  }, [asked, shown]);
  const change = (next: C) => {
    const current = search as Record<string, unknown>;
    if (Object.entries(next).some(([key, value]) => current[key] !== value)) setAsked(shown);
    onSearchChange(next);
  };
  return { inFlight: asked !== null && asked === shown, onSearchChange: change };
}

/**
 * A list screen of one kind of record: header (with an optional create action), filter box, and a
 * server-side DataTable whose page, size, sort and filter live in the route's search params.
 * A feature's list screen is its columns and its query; everything else is here.
 */
export function RecordList<TRow extends RecordRow, TSort extends string, TPage extends Page, TKey extends QueryKey>({
  title,
  noun,
  description,
  filterPlaceholder,
  tagFilter,
  filterLabel,
  filters,
  activeFilters: moreFilters = [],
  onClearFilters,
  columns,
  query,
  rows = itemsOf as (page: TPage) => TRow[],
  getRowLabel = nameOf,
  rowPath,
  create,
  actions,
  search,
  onSearchChange: askSearchChange,
  selected,
  keepActiveRow,
}: RecordListProps<TRow, TSort, TPage, TKey>) {
  const { inFlight, onSearchChange } = useSearchInFlight(search, askSearchChange);
  const account = useAccountKey();
  const list = useQuery(query(account, search));
  useSelectedPage({ selected, account, query, rows, search, onSearchChange, page: list.data });
  const navigate = useNavigate();
  const { openPanel } = useWorkspace();
  const titleId = useId();
  const mayCreate = useMeets(create?.requires) && create !== undefined;
  useCreateShortcut(mayCreate ? create?.to : undefined);
  const q = search.q.trim();
  const tag = tagFilter !== undefined ? (search.tag?.trim() ?? '') : '';
  const activeFilters = [...(tag ? [`tagged “${tag}”`] : []), ...moreFilters];
  const copyId = useCopyId();
  const filtered = q !== '' || activeFilters.length > 0;
  // Refused on a refetch (the role lost the grant meanwhile): the route's "no permission" screen, not Retry.
  if (isRefused(list.error)) return <Refused error={list.error} />;

  return (
    <section aria-labelledby={titleId}>
      <PageHeader
        title={title}
        titleId={titleId}
        description={description}
        actions={
          actions || (create && mayCreate) ? (
            <>
              {actions}
              {create && mayCreate ? (
                <Link className={buttonClass()} to={create.to} aria-keyshortcuts="C">
                  {create.label}
                  <kbd aria-hidden="true" className="rounded border border-white/40 px-1 font-sans text-xs touch:hidden">
                    C
                  </kbd>
                </Link>
              ) : null}
            </>
          ) : null
        }
      />
      <FilterRow className="mb-3 flex flex-wrap items-end gap-3">
        <FilterInput label={filterLabel ?? `Filter ${noun}`} placeholder={filterPlaceholder} value={search.q} onValueChange={(value) => onSearchChange({ q: value, page: 1 })} />
        {tagFilter}
        {filters}
      </FilterRow>
      <DataTable
        label={title}
        columns={columns}
        data={list.data ? rows(list.data) : undefined}
        rowCount={list.data?.total ?? 0}
        rowCountEstimated={list.data?.totalEstimated}
        getRowId={(row) => row.id}
        getRowLabel={getRowLabel}
        page={search.page}
        pageSize={search.size}
        pageSizes={pageSizes}
        sort={{ id: search.sort, desc: search.order === 'desc' }}
        onPageChange={(page) => onSearchChange({ page })}
        onPageSizeChange={(size) => onSearchChange({ size: size as PageSize, page: 1 })}
        onSortChange={(next) => onSearchChange({ sort: (next?.id ?? listSearchDefaults.sort) as TSort, order: next?.desc ? 'desc' : 'asc', page: 1 })}
        rowLink={rowPath ? (row) => ({ to: rowPath, params: { [paramOf(rowPath)]: row.id } }) : undefined}
        onCopy={(row) => void copyId(row.id)}
        onOpen={(row) => {
          if (rowPath) void navigate({ to: rowPath, params: recordParams(rowPath, row.id) });
        }}
        onOpenInPanel={rowPath ? (row) => openPanel(recordHref(rowPath, row.id)) : undefined}
        status={list.status}
        fetching={list.isPlaceholderData || inFlight}
        activeRowId={selected}
        keepActiveRow={keepActiveRow}
        empty={
          filtered ? (
            <EmptyList text={`No ${noun} match ${[...(q ? [`“${q}”`] : []), ...activeFilters].join(' and ')}.`}>
              <Button variant="secondary" onClick={() => (onClearFilters ? onClearFilters() : onSearchChange({ q: '', ...(tagFilter !== undefined ? { tag: '' } : {}), page: 1 }))}>
                Clear filter
              </Button>
            </EmptyList>
          ) : (
            <EmptyList text={`No ${noun} yet.`}>
              {create && mayCreate ? (
                <Link className={buttonClass()} to={create.to}>{create.label}</Link>
              ) : null}
            </EmptyList>
          )
        }
        error={messages.tryAgain}
        onRetry={() => void list.refetch()}
      />
    </section>
  );
}

/**
 * A record just created is where the administrator's attention is, so the list opens on the page
 * holding it in the list's own order (not pinned out of order, which would make the order lie):
 * when the selected record is not on the page shown, the following pages of the same order and
 * filter are read (from the query cache when they are there) until one holds it, once per record.
 */
function useSelectedPage<TRow extends RecordRow, TSort extends string, TPage extends Page, TKey extends QueryKey>({
  selected,
  account,
  query,
  rows,
  search,
  onSearchChange,
  page,
}: {
  selected: string | undefined;
  account: string;
  query: RecordListProps<TRow, TSort, TPage, TKey>['query'];
  rows(page: TPage): TRow[];
  search: ListSearch<TSort>;
  onSearchChange(change: Partial<ListSearch<TSort>>): void;
  page: TPage | undefined;
}) {
  const queryClient = useQueryClient();
  const looked = useRef<string | null>(null);
  // A refetch of the shown page (the create's invalidation) does not stop the search; leaving the list does.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // The list's order and filter now: a search started under another (the user sorted or filtered meanwhile) is dropped.
  const latest = useRef(search);
  latest.current = search;
  const sameOrder = (a: ListSearch<TSort>, b: ListSearch<TSort>) => a.q === b.q && a.sort === b.sort && a.order === b.order && a.size === b.size;
  useEffect(() => {
    if (!selected || !page || looked.current === selected) return;
    looked.current = selected;
    if (rows(page).some((row) => row.id === selected)) return;
    const pageCount = Math.min(selectedSearchPages, Math.ceil(page.total / search.size));
    void (async () => {
      const searched = search;
      for (let number = 1; number <= pageCount && mounted.current && sameOrder(latest.current, searched); number++) {
        if (number === search.page) continue;
        const found = await queryClient.fetchQuery(query(account, { ...search, page: number })).catch(() => null);
        if (found && rows(found).some((row) => row.id === selected)) {
          if (mounted.current && sameOrder(latest.current, searched) && latest.current.page === searched.page) onSearchChange({ page: number } as Partial<ListSearch<TSort>>);
          return;
        }
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per selected record, when its list arrives
  }, [selected, page]);
}

/** An empty list: what it is empty of, and the next step. */
export function EmptyList({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 whitespace-normal">
      <p>{text}</p>
      {children}
    </div>
  );
}

/** C: create a record (only on a list that offers it, and not while typing or in a dialog). */
function useCreateShortcut(to: StaticPath | undefined) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!to) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isPlainKey(event) || event.shiftKey || (event.key !== 'c' && event.key !== 'C')) return;
      if (isTypingTarget(event.target) || document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      void navigate({ to });
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [to, navigate]);
}
