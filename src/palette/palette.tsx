import * as DialogPrimitive from '@radix-ui/react-dialog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { Command as Cmdk } from 'cmdk';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { AccessPolicy } from '../../domain/api.ts';
import { messages } from '../../domain/messages.ts';
import { useToast } from '../lib/toast.ts';
import type { ScheduleList } from '../../domain/schedules.ts';
import type { Workflow } from '../../domain/workflows.ts';
import type { SearchAnswer, SearchHit } from '../../domain/search.ts';
import { useAccountKey, useSwitchAccount } from '../lib/account.ts';
import { accountListQuery } from '../lib/accounts.ts';
import { phoneNumbersIn, useDateTimeFormat } from '../lib/format.ts';
import { deletedListQuery, kindOf, useRestore } from '../lib/soft-delete.ts';
import { notificationListQuery } from '../lib/notifications.ts';
import { timeAgo, useNotificationActions } from '../lib/notification-actions.ts';
import { notificationMessages } from '../../domain/notifications.ts';
import { request } from '../lib/api.ts';
import { useWorkspace } from '../lib/workspace.ts';
import { holdKeysUntilPaletteClosed, paletteClosed, takePaletteKeys, type HeldKey } from '../lib/key-buffer.ts';
import { store } from '../state/account.ts';
import { paletteOpener } from '../lib/palette-open.ts';
import { paletteOpenAtom, paletteStartPageAtom, type PalettePage } from '../state/palette.ts';
import { preferencesAtom } from '../state/preferences.ts';
import { frecency, recentAtom } from '../state/recent.ts';
import { commandEntries, routeEntries, type Entry } from './entries.ts';
import { Shortcut } from './kbd.tsx';
import { searchKeys } from '../lib/search-keys.ts';
import { prepareRank, rank, score, tokenize } from './rank.ts';
import { useScreens } from '../lib/screens.tsx';
import { landingAfterSwitch } from './route-meta.ts';
import type { Command, CommandContext } from './types.ts';
import { whenIdle } from '../lib/after-paint.ts';

/** Ranking 10,000 entries takes a millisecond or two, so results render with the keystroke; only
 * this many rows are ever rendered. */
const MAX_RENDERED = 40;

const searchQuery = (account: string, q: string) => ({
  queryKey: searchKeys.query(account, q),
  queryFn: () => request<SearchAnswer>('/search', { query: { q, limit: 5 } }),
  staleTime: 30_000,
});

/**
 * "Add task" off a schedule's page: the account's live schedules matching `q`, the first 50 by name.
 * The key sits under the schedules' lists (features/schedules `scheduleKeys.lists`), so any schedule
 * write refreshes it.
 */
const scheduleChooserQuery = (account: string, q: string) => ({
  queryKey: [account, 'schedules', 'list', 'chooser', q],
  queryFn: () => request<ScheduleList>('/schedule/schedule', { query: { limit: 50, sort: 'name', order: 'asc', ...(q ? { q } : {}) } }),
  placeholderData: keepPreviousData,
  staleTime: 30_000,
});

/**
 * "Start workflow" and "Upload items" off a workflow's page: the practice's workflows, by title (a
 * practice has tens). The key sits under the workflows' lists (features/workflows
 * `workflowKeys.lists`), so any workflow write refreshes it.
 */
const workflowChooserQuery = (account: string) => ({
  queryKey: [account, 'workflows', 'list', 'chooser'],
  queryFn: async () => (await request<{ items: Workflow[] }>('/task-workflows/workflows')).items,
  staleTime: 30_000,
});

/** The palette pages that choose a workflow, and where each goes with the one chosen. */
const workflowPages = {
  'start-workflow': { heading: 'Start which workflow?', back: 'Start workflow', path: (id: string) => `/workflows/${id}?add=palette` },
  'upload-items': { heading: 'Upload items to which workflow?', back: 'Upload items', path: (id: string) => `/workflows/${id}#upload` },
} as const;
const isWorkflowPage = (page: PalettePage | null): page is keyof typeof workflowPages => page === 'start-workflow' || page === 'upload-items';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

const looksExact = (q: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(q.trim()) || /^[+\d\s().-]{10,}$/.test(q.trim());

type PaletteProps = {
  policy: AccessPolicy;
  commands: readonly Command[];
  /** Builds what a command may do; the palette adds its own page handling. */
  context: Omit<CommandContext, 'openPage'>;
  /** Entity search through the API (on by default; the benchmark measures the palette alone). */
  searchRecords?: boolean;
};

type Group = { heading: string; entries: Entry[] };

/** Groups in first-seen order, each entry once. */
function grouped(entries: Entry[]): Group[] {
  const groups = new Map<string, Entry[]>();
  for (const entry of entries) groups.set(entry.group, [...(groups.get(entry.group) ?? []), entry]);
  return [...groups].map(([heading, list]) => ({ heading, entries: list }));
}

/**
 * The one command palette (Ctrl+K, "/", the header search box): screens from the router,
 * feature actions, the account's records from `GET /search`, and recent items.
 */
export function Palette({ policy, commands, context, searchRecords = true }: PaletteProps) {
  const [open, setOpen] = useAtom(paletteOpenAtom);
  const [pages, setPages] = useState<PalettePage[]>([]);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState('');
  /** Keys typed before the input could take them, or an Enter waiting for results to arrive. */
  const [queue, setQueueState] = useState<HeldKey[]>([]);
  // The keys still waiting as of now, not as of the last render: a key that arrives after the
  // held ones were handed over, but before React has rendered them, must still queue behind them.
  const waitingKeys = useRef<HeldKey[]>([]);
  const setQueue = useCallback((next: HeldKey[] | ((all: HeldKey[]) => HeldKey[])) => {
    waitingKeys.current = typeof next === 'function' ? next(waitingKeys.current) : next;
    setQueueState(waitingKeys.current);
  }, []);
  const pasted = useRef<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const router = useRouter();
  const screens = useScreens();
  const account = useAccountKey();
  const recent = useAtomValue(recentAtom);
  const recordVisit = useSetAtom(recentAtom);
  const switchAccount = useSwitchAccount();
  const toast = useToast();
  const { openPanel, openTab } = useWorkspace();
  const page = pages.at(-1) ?? null;

  const debounced = useDebounced(query.trim(), 150);
  const search = useQuery({ ...searchQuery(account, debounced), enabled: searchRecords && open && page === null && debounced.length >= 2 });
  const canSwitch = policy.instanceAdmin || policy.assumedAccounts.length > 0;
  const accounts = useQuery({ ...accountListQuery(account), enabled: open && canSwitch });
  const deleted = useQuery({ ...deletedListQuery(account), enabled: open && page === 'deleted' });
  const schedules = useQuery({ ...scheduleChooserQuery(account, debounced), enabled: open && page === 'add-task' });
  const workflows = useQuery({ ...workflowChooserQuery(account), enabled: open && isWorkflowPage(page) });
  const restore = useRestore();
  const notifications = useQuery({ ...notificationListQuery(account), enabled: open && page === 'notifications' });
  const notificationActions = useNotificationActions();
  const formatTime = useDateTimeFormat();

  const [startPage, setStartPage] = useAtom(paletteStartPageAtom);
  useEffect(() => {
    if (!open) {
      setPages([]);
      setQuery('');
      setQueue([]);
      pasted.current = null;
    } else if (startPage) {
      setPages([startPage]);
      setStartPage(null);
    }
  }, [open, startPage, setStartPage, setQueue]);

  const close = () => setOpen(false);

  // Commands that depend on the preferences (the theme not in use) are listed anew when they change.
  const preferences = useAtomValue(preferencesAtom);
  const base = useMemo(() => {
    void preferences;
    const actions = commandEntries(commands, policy, context.pathname);
    // A screen that a feature also offers as an action ("Create person") is listed once, as the action.
    const labels = new Set(actions.map((a) => a.label.toLowerCase()));
    return [...actions, ...routeEntries(router, policy, screens).filter((r) => !labels.has(r.label.toLowerCase()))];
  }, [commands, policy, context.pathname, router, screens, preferences]);
  // The entries' lower-cased words, made in idle time rather than on the first key typed.
  useEffect(() => whenIdle(() => prepareRank(base)), [base]);

  const groups: Group[] = useMemo(() => {
    if (page === 'accounts') {
      const items = (accounts.data?.items ?? []).map<Entry>((a) => ({
        id: `account:${a.id}`,
        label: a.name,
        group: 'Accounts',
        hint: a.id === policy.homeAccountId ? 'your account' : a.id === policy.accountId ? 'current' : undefined,
        keywords: [a.id],
      }));
      return [{ heading: 'Switch account', entries: rank(items, query, MAX_RENDERED) }];
    }
    if (page === 'deleted') {
      const items = (deleted.data?.items ?? []).map<Entry>((d) => ({
        id: `deleted:${d.resourceType}:${d.id}`,
        label: d.name,
        group: 'Recently deleted',
        hint: `${kindOf(d.resourceType)} · deleted ${formatTime(d.deletedAt)} by ${d.deletedBy}`,
        keywords: [kindOf(d.resourceType), d.deletedBy, d.id],
      }));
      // Newest first, as the server answers, until the user types.
      return [{ heading: 'Recently deleted', entries: query.trim() === '' ? items.slice(0, MAX_RENDERED) : rank(items, query, MAX_RENDERED) }];
    }
    if (page === 'add-task') {
      // Found by the server (beyond its first 50), ranked here with each keystroke.
      const items = (schedules.data?.items ?? []).map<Entry>((sc) => ({
        id: `add-task:${sc.id}`,
        label: sc.name,
        group: 'Add task to schedule',
        hint: sc.ownerName ?? sc.ownerType ?? undefined,
        keywords: [sc.description ?? '', sc.id],
        path: `/practice/schedules/createTask/${sc.id}`,
      }));
      return [{ heading: 'Add task to schedule', entries: query.trim() === '' ? items.slice(0, MAX_RENDERED) : rank(items, query, MAX_RENDERED) }];
    }
    if (isWorkflowPage(page)) {
      const { heading, path } = workflowPages[page];
      const items = (workflows.data ?? []).map<Entry>((workflow) => ({
        id: `${page}:${workflow.id}`,
        label: workflow.title,
        group: heading,
        hint: workflow.status.toLowerCase(),
        keywords: [workflow.description, workflow.id],
        path: path(workflow.id),
      }));
      return [{ heading, entries: query.trim() === '' ? items.slice(0, MAX_RENDERED) : rank(items, query, MAX_RENDERED) }];
    }
    if (page === 'notifications') {
      // Enter opens one (marks it read, goes to its jumpPath); Delete removes the chosen one.
      const data = notifications.data;
      const items = (data?.items ?? []).map<Entry>((n) => ({
        id: `notification:${n.id}`,
        label: n.title,
        group: 'Notifications',
        hint: `${n.read ? '' : 'Unread · '}${n.message} · ${timeAgo(n.createdTimestamp)}`,
        keywords: [n.message],
        path: n.jumpPath ?? undefined,
      }));
      const all: Entry[] = data && data.unread > 0 ? [{ id: 'notifications:mark-all', label: notificationMessages.markAllRead, group: 'Notifications', hint: `${data.unread} unread` }] : [];
      return [{ heading: 'Notifications', entries: query.trim() === '' ? [...all, ...items].slice(0, MAX_RENDERED) : rank([...all, ...items], query, MAX_RENDERED) }];
    }
    if (query.trim() === '') {
      const recentEntries = [...recent]
        .sort((a, b) => frecency(b) - frecency(a))
        .slice(0, 8)
        .map<Entry>((item) => ({ id: `recent:${item.path}`, label: item.title, group: 'Recent', hint: item.kind, path: item.path }));
      return grouped([...recentEntries, ...base.filter((e) => e.command).slice(0, 12), ...base.filter((e) => !e.command).slice(0, 20)]);
    }
    const results: Entry[] = [];
    // A hit's numbers and times are written as everywhere else in the portal: "(415) 555-0114",
    // the user's date format (the server sends them as stored: E.164, an ISO instant).
    const note = (hit: SearchHit) =>
      hit.matched !== hit.title ? phoneNumbersIn(hit.matched) : [hit.subtitle && phoneNumbersIn(hit.subtitle), hit.at && formatTime(hit.at)].filter(Boolean).join(', ') || undefined;
    const exact = search.data?.exact;
    if (exact) results.push({ id: `exact:${exact.path}`, label: phoneNumbersIn(exact.title), group: 'Jump to', hint: phoneNumbersIn(exact.matched), path: exact.path });
    // Records found by the server ('record:' keeps them apart from the palette's own entries, e.g. 'account:' switches).
    const served = (search.data?.groups ?? []).map((group) => ({
      type: group.type,
      entries: group.hits.map<Entry>((hit) => ({
        id: `record:${hit.type}:${hit.id}`,
        label: phoneNumbersIn(hit.title),
        group: group.label,
        hint: note(hit),
        path: hit.path,
        // As stored too: a number typed in any spelling still finds its hit.
        keywords: [hit.type, hit.matched, hit.title],
      })),
    }));
    // Results contain what was typed: the server's typo-tolerant hits and the palette's own
    // forgiven typos show only when nothing anywhere contains it ("persons" lists no insurance).
    const tokens = tokenize(query);
    const containsTyped = (entry: Entry) => score(entry, tokens) > 0;
    const exactLocal = rank(base, query, MAX_RENDERED, 'never');
    const anyExact = Boolean(exact) || exactLocal.length > 0 || served.some((g) => g.entries.some(containsTyped));
    results.push(...(anyExact ? exactLocal : rank(base, query, MAX_RENDERED)));
    const found = anyExact ? served.map((g) => ({ ...g, entries: g.entries.filter(containsTyped) })) : served;
    // An instance administrator's accounts found by name open their page, first; switching into one follows.
    results.push(...found.filter((g) => g.type === 'account').flatMap((g) => g.entries));
    // Accounts one may switch to are found from the root page too ("lake" → Switch to Lakeside…).
    const switchable = (accounts.data?.items ?? [])
      .filter((a) => a.id !== policy.accountId)
      .map<Entry>((a) => ({ id: `account:${a.id}`, label: `Switch to ${a.name}`, group: 'Accounts', keywords: [a.name] }));
    results.push(...rank(switchable, query, 5, anyExact ? 'never' : 'if-none'));
    results.push(...found.filter((g) => g.type !== 'account').flatMap((g) => g.entries));
    return grouped(results);
  }, [page, accounts.data, deleted.data, schedules.data, workflows.data, notifications.data, formatTime, query, recent, base, search.data, policy]);

  const entries = useMemo(() => groups.flatMap((g) => g.entries), [groups]);
  const loading =
    (page === 'accounts' && accounts.isPending) ||
    (page === 'deleted' && deleted.isPending) ||
    (page === 'notifications' && notifications.isPending) ||
    (page === 'add-task' && (schedules.isPending || schedules.isFetching)) ||
    (isWorkflowPage(page) && workflows.isPending) ||
    (page === null && query.trim().length >= 2 && (search.isFetching || debounced !== query.trim()));
  // Enter with nothing to choose yet waits for the answer rather than being dropped.
  const enterMustWait = entries.length === 0 && loading;

  /**
   * The field shows a query the results are not rendered for yet: the queue below puts the held
   * keys in the field at once, and the query's results come with the next render. An Enter in
   * between took the first result for the query before ("users, Enter" under load opened Home,
   * the first of the empty query's list: issue 24), so it and the keys after it wait.
   */
  const resultsBehind = () => input.current !== null && input.current.value !== query;

  // Keys held while the palette opened, then those typed while an Enter waited: played in order.
  useEffect(() => {
    if (queue.length === 0) return;
    // From what the field shows, which may be ahead of this render's query (see resultsBehind).
    let text = input.current?.value ?? query;
    let taken = 0;
    for (const key of queue) {
      const plain = !key.ctrlKey && !key.metaKey && !key.altKey;
      if (plain && key.key.length === 1) text += key.key;
      else if (key.key === 'Backspace' && text !== '') text = text.slice(0, -1);
      else break;
      taken++;
    }
    if (taken > 0) {
      if (input.current) input.current.value = text;
      setQuery(text);
      setQueue((all) => all.slice(taken));
      return;
    }
    const key = queue[0]!;
    if (key.key === 'Enter') {
      if (enterMustWait || resultsBehind()) return;
      const after = waitingKeys.current.slice(1);
      setQueue(after);
      // Nothing was chosen by hand while keys were held: the first result is the one.
      const entry = entries[0];
      if (entry) activate(entry, key.shiftKey ? 'panel' : key.ctrlKey || key.metaKey ? 'tab' : 'navigate');
      // The keys after it go to the screen it opened, or back where focus was, once the palette
      // has closed (played at once, they reached its input, still focused).
      if (!store.get(paletteOpenAtom)) {
        setQueue([]);
        holdKeysUntilPaletteClosed(after);
      }
    } else if (key.key === 'Escape' || key.key.toLowerCase() === 'k') {
      // The keys after it (Ctrl+K again, then a query; J for the screen) and those typed until the
      // palette has closed wait for focus to be back, then go there (they were all lost).
      const after = waitingKeys.current.slice(1);
      setQueue([]);
      holdKeysUntilPaletteClosed(after);
      close();
    } else if (key.key === 'Backspace' && pages.length > 0) {
      setQueue((all) => all.slice(1));
      setPages((all) => all.slice(0, -1));
    } else {
      setQueue((all) => all.slice(1));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the keys or the results change
  }, [queue, entries, enterMustWait]);

  // Until the arrows move, the first result is the one Enter takes: also when the server's records
  // arrive after the palette's own entries (an account found by name comes before "Switch to" it).
  const arrowed = useRef(false);
  useEffect(() => {
    arrowed.current = false;
  }, [query]);
  useEffect(() => {
    if (page === null && !arrowed.current && entries[0]) setSelected(entries[0].id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the server's answer arrives
  }, [search.data]);

  // A pasted id or phone number that names one record goes straight there.
  useEffect(() => {
    const exact = search.data?.exact;
    if (exact && pasted.current !== null && pasted.current === debounced) {
      pasted.current = null;
      recordVisit({ path: exact.path, title: exact.title, kind: exact.type });
      close();
      context.navigate(exact.path);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when an answer for the pasted text arrives
  }, [search.data, debounced]);

  const ctx: CommandContext = {
    ...context,
    openPage: (next) => {
      setPages((all) => [...all, next]);
      setQuery('');
    },
  };

  function activate(entry: Entry, how: 'navigate' | 'panel' | 'tab') {
    if (entry.id === 'notifications:mark-all') {
      notificationActions.markAllRead().catch(() => toast('error', messages.tryAgain));
      return;
    }
    if (entry.id.startsWith('notification:')) {
      const chosen = notifications.data?.items.find((n) => entry.id === `notification:${n.id}`);
      if (chosen && !chosen.read) notificationActions.markRead(chosen.id).catch(() => toast('error', messages.tryAgain));
      // Without a jumpPath there is nowhere to go: it is marked read and the page stays.
      if (!entry.path) return;
    }
    if (entry.id.startsWith('deleted:')) {
      const chosen = deleted.data?.items.find((d) => entry.id === `deleted:${d.resourceType}:${d.id}`);
      close();
      if (!chosen) return;
      // Whatever lists or searches showed it, of whichever type: the account's queries refresh.
      void restore({ restorePath: chosen.restorePath, kind: kindOf(chosen.resourceType), name: chosen.name, invalidate: [[account]] }).then((restored) => {
        if (!restored) return;
        recordVisit({ path: chosen.path, title: chosen.name, kind: kindOf(chosen.resourceType) });
        if (how === 'panel') openPanel(chosen.path);
        else if (how === 'tab') openTab(chosen.path, chosen.name);
        else context.navigate(chosen.path);
      });
      return;
    }
    if (entry.id.startsWith('account:')) {
      const id = entry.id.slice('account:'.length);
      close();
      switchAccount(id === policy.homeAccountId ? null : id);
      context.navigate(landingAfterSwitch(screens, context.pathname));
      return;
    }
    if (entry.command) {
      const { keepsPaletteOpen } = entry.command;
      if (!(typeof keepsPaletteOpen === 'function' ? keepsPaletteOpen({ pathname: context.pathname }) : keepsPaletteOpen)) close();
      Promise.resolve(entry.command.run(ctx)).catch((error: unknown) => toast('error', error instanceof Error ? error.message : messages.serverError));
      return;
    }
    if (!entry.path) return;
    // A create screen is not a record worth listing under Recent.
    if (!entry.id.startsWith('add-task:') && !entry.id.startsWith('notification:') && !isWorkflowPage(entry.id.split(':')[0] as PalettePage))
      recordVisit({ path: entry.path, title: entry.label, kind: entry.group === 'Go to' || entry.group === 'Recent' ? (entry.hint ?? 'screen') : entry.group });
    close();
    if (how === 'panel') openPanel(entry.path);
    else if (how === 'tab') openTab(entry.path, entry.label);
    else context.navigate(entry.path);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key) || (event.ctrlKey && ['j', 'k', 'n', 'p'].includes(event.key))) arrowed.current = true;
    const waiting = waitingKeys.current.length > 0 || resultsBehind() || (event.key === 'Enter' && enterMustWait);
    if (waiting && (event.key.length === 1 || ['Enter', 'Backspace'].includes(event.key)) && !event.nativeEvent.isComposing) {
      // Keeps the order: these keys come after the ones still waiting. They are the palette's
      // alone: a Ctrl+K among them also reached the shell's toggle, which closed the palette at
      // once, dropping it and the keys after it (issue 24: "users, Enter, Ctrl+K, persons" under
      // load left no palette open). Played from the queue, it closes and reopens it in its turn.
      event.preventDefault();
      event.stopPropagation();
      const { key, shiftKey, ctrlKey, metaKey, altKey, target } = event;
      setQueue((all) => [...all, { key, shiftKey, ctrlKey, metaKey, altKey, target }]);
      return;
    }
    if (event.key === 'Delete' && page === 'notifications' && selected.startsWith('notification:')) {
      event.preventDefault();
      // The next one (else the previous one) is chosen in its place.
      const at = entries.findIndex((e) => e.id === selected);
      const next = entries[at + 1] ?? entries[at - 1];
      if (next) setSelected(next.id);
      notificationActions.remove(selected.slice('notification:'.length)).catch(() => toast('error', messages.tryAgain));
      return;
    }
    if (event.key === 'Backspace' && query === '' && pages.length > 0) {
      event.preventDefault();
      setPages((all) => all.slice(0, -1));
      return;
    }
    if (event.key === 'Enter' && (event.shiftKey || event.ctrlKey || event.metaKey)) {
      const entry = entries.find((e) => e.id === selected);
      if (entry?.path) {
        event.preventDefault();
        activate(entry, event.shiftKey ? 'panel' : 'tab');
      }
    }
  }

  const placeholder =
    page === 'accounts'
      ? 'Switch to account…'
      : page === 'deleted'
        ? 'Restore a record deleted in the last 30 days…'
        : page === 'add-task'
          ? 'Add a task to which schedule?'
          : isWorkflowPage(page)
            ? workflowPages[page].heading
          : page === 'notifications'
            ? 'Notifications: Enter opens, Delete removes…'
          : 'Search screens, actions and records…';
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          // Typing goes to the query, also when the palette opens on a page with a back button first.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            input.current?.focus();
            const held = takePaletteKeys();
            if (held.length > 0) setQueue(held);
          }}
          // Focus goes back to what had it before (Radix would only return it to a Trigger).
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const opener = paletteOpener();
            if (opener?.isConnected) opener.focus();
            paletteClosed();
          }}
          className="fixed top-[10vh] left-1/2 z-50 w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <DialogPrimitive.Title className="sr-only">Command palette</DialogPrimitive.Title>
          <Cmdk label="Command palette" shouldFilter={false} value={selected} onValueChange={setSelected} onKeyDown={handleKeyDown} loop>
            <div className="flex items-center gap-2 border-b border-slate-200 px-3 dark:border-slate-700">
              {page ? (
                <button
                  type="button"
                  onClick={() => {
                    setPages((all) => all.slice(0, -1));
                    input.current?.focus();
                  }}
                  className="rounded bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                  ← {page === 'deleted' ? 'Recently deleted' : page === 'add-task' ? 'Add task' : isWorkflowPage(page) ? workflowPages[page].back : page === 'notifications' ? 'Notifications' : 'Switch account'}
                </button>
              ) : null}
              <Cmdk.Input
                ref={input}
                value={query}
                onValueChange={setQuery}
                // Focus that leaves the open palette (a screen focusing its field as it mounts) comes
                // back by its focus trap, which selects the whole query: the next key then replaced
                // it ("ersons" for "persons", issue 24). The caret stays where it was.
                onBlur={(event) => {
                  const field = event.currentTarget;
                  const { selectionStart, selectionEnd, selectionDirection } = field;
                  queueMicrotask(() => {
                    if (document.activeElement === field && selectionStart !== null && selectionEnd !== null) field.setSelectionRange(selectionStart, selectionEnd, selectionDirection ?? undefined);
                  });
                }}
                onPaste={(event) => {
                  const text = event.clipboardData.getData('text').trim();
                  pasted.current = looksExact(text) ? text : null;
                }}
                placeholder={placeholder}
                aria-label={placeholder}
                className="h-12 w-full bg-transparent text-base outline-none placeholder:text-slate-500"
              />
              {search.isFetching ? <span className="text-xs text-slate-600 dark:text-slate-300">Searching…</span> : null}
            </div>
            {/*
              Nothing to choose: the message is said beside the list, not inside it. A listbox
              holding text and no option is an error to assistive technology (axe's
              aria-required-children, critical), and a heading over no entries is a stray title.
            */}
            {entries.length === 0 ? (
              <p className="px-3 py-6 text-center text-sm text-slate-600 dark:text-slate-300">
                {page === 'accounts' && accounts.isPending
                  ? 'Loading accounts…'
                  : page === 'add-task'
                    ? schedules.isPending || schedules.isFetching
                      ? 'Loading schedules…'
                      : schedules.isError
                        ? messages.tryAgain
                        : 'No schedule matches.'
                  : isWorkflowPage(page)
                    ? workflows.isPending
                      ? 'Loading workflows…'
                      : workflows.isError
                        ? messages.tryAgain
                        : query.trim() === ''
                          ? 'No workflows yet.'
                          : 'No workflow matches.'
                  : page === 'notifications'
                    ? notifications.isPending
                      ? 'Loading…'
                      : notifications.isError
                        ? messages.tryAgain
                        : query.trim() === ''
                          ? notificationMessages.empty
                          : 'No results.'
                  : page === 'deleted'
                    ? deleted.isPending
                      ? 'Loading…'
                      : deleted.isError
                        ? messages.tryAgain
                        : query.trim() === ''
                          ? 'Nothing deleted in the last 30 days.'
                          : 'No results.'
                    : debounced.length >= 2 && search.isFetching ? 'Searching…' : 'No results.'}
              </p>
            ) : null}
            <Cmdk.List hidden={entries.length === 0} className="max-h-[60vh] overflow-y-auto p-2" aria-label="Results">
              {groups.filter((group) => group.entries.length > 0).map((group) => (
                <Cmdk.Group key={group.heading} heading={group.heading} className="mb-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-600 dark:[&_[cmdk-group-heading]]:text-slate-300">
                  {group.entries.map((entry) => (
                    <Cmdk.Item
                      key={entry.id}
                      value={entry.id}
                      onSelect={() => activate(entry, 'navigate')}
                      className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-900 dark:data-[selected=true]:bg-slate-700 dark:data-[selected=true]:text-white"
                    >
                      <span className="truncate">{entry.label}</span>
                      {entry.hint ? <span className="truncate text-xs text-slate-600 dark:text-slate-300">{entry.hint}</span> : null}
                      {entry.shortcut ? <Shortcut keys={entry.shortcut} className="ml-auto touch:hidden" /> : null}
                    </Cmdk.Item>
                  ))}
                </Cmdk.Group>
              ))}
            </Cmdk.List>
            <div className="flex gap-4 border-t border-slate-200 px-3 py-2 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300">
              {/* What Enter does on this page: a deleted record is restored, an account switched to. */}
              {page === 'deleted' ? (
                <span>Enter restore</span>
              ) : page === 'accounts' ? (
                <span>Enter switch</span>
              ) : (
                <>
                  <span>Enter open</span>
                  <span>Shift+Enter side panel</span>
                  <span>Ctrl+Enter new tab</span>
                </>
              )}
              <span>Esc close</span>
            </div>
          </Cmdk>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
