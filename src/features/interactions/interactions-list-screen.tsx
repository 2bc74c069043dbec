import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useState } from 'react';
import { interactionDirections, interactionStatuses, interactionTypes } from '../../../domain/interaction-kinds.ts';
import type { InteractionListItem } from '../../../domain/interactions.ts';
import { Button } from '../../components/ui/button.tsx';
import type { DataTableFeatures } from '../../components/ui/data-table.tsx';
import { controlClass } from '../../components/ui/field.tsx';
import { YesNo } from '../../components/ui/page-header.tsx';
import { FilterInput } from '../../components/ui/filter-input.tsx';
import { RecordList } from '../../components/ui/record-list.tsx';
import { Select } from '../../components/ui/select.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { cn } from '../../lib/cn.ts';
import { useStreamEvent } from '../../lib/stream-events.ts';
import { useCan } from '../../lib/policy.ts';
import { useDateTimeFormatter, useDayFormat } from '../../lib/format.ts';
import { callerName, directionLabels, kindLabel, phoneLabel, statusLabels, typeLabels } from './labels.ts';
import { agentChoicesQuery, interactionKeys, interactionListQuery, queueChoicesQuery, teamChoicesQuery } from './queries.ts';
import { activeInteractionFilters, isDay } from './list-query.ts';
import { interactionSearchDefaults, type InteractionListSearch } from './search.ts';
import { minutesSeconds } from './timeline.ts';

const column = createColumnHelper<DataTableFeatures, InteractionListItem>();

/**
 * The start time as the app writes times ('Nov 27, 2026, 5:01 PM'), its date and its time each kept
 * on one line: a narrow desktop may wrap the cell between them, never inside either.
 */
function StartTime({ value }: { value: string }) {
  // The format of lib/format.ts's useDateTimeFormat (the same kept formatter), in parts.
  const format = useDateTimeFormatter();
  const parts = format.formatToParts(new Date(value));
  const timeStart = parts.findIndex((part) => part.type === 'hour' || part.type === 'dayPeriod');
  if (timeStart <= 0 || parts[timeStart - 1]?.type !== 'literal') return <time dateTime={value}>{format.format(new Date(value))}</time>;
  const text = (from: number, to?: number) => parts.slice(from, to).map((part) => part.value).join('');
  return (
    <time dateTime={value}>
      <span className="whitespace-nowrap">{text(0, timeStart - 1)}</span>
      {text(timeStart - 1, timeStart)}
      <span className="whitespace-nowrap">{text(timeStart)}</span>
    </time>
  );
}

/**
 * On a desktop the ten columns fit the screen (1024 pixels and up) instead of scrolling sideways:
 * text cells and the long headers may wrap between words (the table's wrapper keeps words whole;
 * numbers, durations and statuses stay on one line), the start time between its date and its time
 * below `xl`, where the cells are also a little narrower. On a phone the table scrolls sideways and
 * every cell stays on one line, as in every list.
 */
const compact = 'md:max-xl:px-1.5';
const wraps = cn(compact, 'md:whitespace-normal');
const compactMeta = { headerClassName: compact, cellClassName: compact };
const wrapsMeta = { headerClassName: compact, cellClassName: wraps };

/** Spec §2 / issue 26: start time, type, patient (the row's link), number, queue, agent, duration (a recorded call marked, issue 40), latest disposition, status, escalated. */
const columns = column.columns([
  column.accessor('startTimestamp', {
    id: 'startTimestamp',
    header: 'Start time',
    cell: (info) => <StartTime value={info.getValue()} />,
    meta: { headerClassName: compact, cellClassName: cn(compact, 'md:max-xl:whitespace-normal') },
  }),
  // A web chat says so in the Type column (issue 42), where a call says how it began: a column of its own would not fit at 1024 pixels.
  column.accessor((row) => kindLabel(row), { id: 'type', header: 'Type', enableSorting: false, meta: wrapsMeta }),
  column.accessor((row) => callerName(row), { id: 'patient', header: 'Patient', enableSorting: false, meta: { rowName: true, headerClassName: compact, cellClassName: cn('font-medium', wraps) } }),
  column.accessor('contactNumber', {
    header: 'Contact number',
    enableSorting: false,
    cell: (info) => <span className="tabular-nums">{phoneLabel(info.getValue())}</span>,
    meta: { headerClassName: wraps, cellClassName: compact },
  }),
  column.accessor((row) => row.queue?.queueName ?? '—', { id: 'queue', header: 'Queue', enableSorting: false, meta: wrapsMeta }),
  column.accessor((row) => row.agent?.name ?? '—', { id: 'agent', header: 'Agent', enableSorting: false, meta: wrapsMeta }),
  column.accessor('durationSeconds', {
    id: 'durationSeconds',
    header: 'Duration',
    // Issue 40: which calls have a recording, at a glance (a few in every hundred do), marked beside
    // the length of the call: a column of its own did not fit the ten at 1024 pixels (94 over).
    cell: (info) => (
      <span className="whitespace-nowrap">
        <RecordingMark count={info.row.original.recordingsCount} />
        <span className="tabular-nums">{minutesSeconds(info.getValue())}</span>
      </span>
    ),
    meta: { headerClassName: cn('text-right', compact), cellClassName: cn('text-right', compact) },
  }),
  column.accessor((row) => row.latestDisposition ?? '—', { id: 'disposition', header: 'Latest disposition', enableSorting: false, meta: { headerClassName: wraps, cellClassName: wraps } }),
  column.accessor('status', { header: 'Status', enableSorting: false, cell: (info) => statusLabels[info.getValue()] ?? info.getValue(), meta: compactMeta }),
  column.accessor('escalated', { header: 'Escalated', enableSorting: false, cell: (info) => <YesNo value={info.getValue()} />, meta: compactMeta }),
]);

/** A dot before the duration of a recorded call, named in words for a screen reader and on hover. */
function RecordingMark({ count }: { count: number }) {
  if (count === 0) return null;
  const said = count === 1 ? 'Recorded' : `Recorded (${count})`;
  return (
    <span title={said} data-recorded={count} className="mr-1.5 text-brand-700 dark:text-brand-300">
      <span aria-hidden="true">●</span>
      <span className="sr-only">{said}, </span>
    </span>
  );
}

type InteractionsListScreenProps = {
  search: InteractionListSearch;
  onSearchChange(change: Partial<InteractionListSearch>): void;
};

/**
 * The call history: a server-side list filtered by date range, queue, agent, team, status,
 * escalation, disposition and patient name or number, its state in the URL. New calls come in at
 * the top without a reload: the notifications stream says when one was added (`event:
 * interactions`), and the list is read again, keeping the active row.
 */
export function InteractionsListScreen({ search, onSearchChange }: InteractionsListScreenProps) {
  const account = useAccountKey();
  const queryClient = useQueryClient();
  useStreamEvent('interaction', () => {
    void queryClient.invalidateQueries({ queryKey: interactionKeys.lists(account) });
  });
  const mayQueues = useCan('/callcenter/queues', 'GET');
  const mayAgents = useCan('/person/users', 'GET');
  const mayTeams = useCan('/teams/teams', 'GET');
  const queues = useQuery({ ...queueChoicesQuery(account), enabled: mayQueues });
  const agents = useQuery({ ...agentChoicesQuery(account), enabled: mayAgents });
  const teams = useQuery({ ...teamChoicesQuery(account), enabled: mayTeams });
  const names = {
    queue: queues.data?.find((q) => q.id === search.queue)?.queueName,
    agent: agents.data?.find((a) => a.id === search.agent)?.name,
    team: teams.data?.find((t) => t.id === search.team)?.name,
  };
  const activeFilters = activeInteractionFilters(search, names, useDayFormat());
  const { page: _page, size: _size, sort: _sort, order: _order, ...filterDefaults } = interactionSearchDefaults;

  return (
    <RecordList
      title="Interactions"
      noun="interactions"
      description="The account's calls: who called, who answered, how long it took and how it ended."
      filterLabel="Find by patient or number"
      filterPlaceholder="Name or phone number"
      filters={
        <InteractionFilters
          search={search}
          onSearchChange={onSearchChange}
          queues={!mayQueues ? null : queues.isPending ? 'loading' : (queues.data?.map((q) => ({ value: q.id, label: q.queueName })) ?? [])}
          agents={!mayAgents ? null : agents.isPending ? 'loading' : (agents.data?.map((a) => ({ value: a.id, label: a.name })) ?? [])}
          teams={!mayTeams ? null : teams.isPending ? 'loading' : (teams.data?.map((t) => ({ value: t.id, label: t.name })) ?? [])}
          activeCount={activeFilters.length}
        />
      }
      activeFilters={activeFilters}
      onClearFilters={() => onSearchChange({ ...filterDefaults, q: '', page: 1 })}
      columns={columns}
      query={(accountKey) => interactionListQuery(accountKey, search)}
      rows={(data) => data.items}
      getRowLabel={(row) => `${callerName(row)}, ${kindLabel(row)}, ${statusLabels[row.status] ?? row.status}`}
      rowPath="/interactions/$interactionId"
      search={search}
      onSearchChange={(change) => onSearchChange(change as Partial<InteractionListSearch>)}
      keepActiveRow
    />
  );
}

type Choice = { value: string; label: string };
/**
 * A filter's choices: null when the role may not read them (no filter), 'loading' while they
 * come: the filter already takes its place then, so the row does not move under a pointer
 * aimed at the next one when they arrive (issue 40: a click aimed at Direction landed elsewhere).
 */
type Choices = Choice[] | 'loading' | null;

const yesNoChoices: Choice[] = [
  { value: 'yes', label: 'Escalated' },
  { value: 'no', label: 'Not escalated' },
];
const recordedChoices: Choice[] = [
  { value: 'yes', label: 'With a recording' },
  { value: 'no', label: 'Without a recording' },
];
const directionChoices: Choice[] = interactionDirections.map((direction) => ({ value: direction, label: directionLabels[direction] }));
const typeChoices: Choice[] = interactionTypes.map((type) => ({ value: type, label: typeLabels[type] }));
const statusChoices: Choice[] = interactionStatuses.map((status) => ({ value: status, label: statusLabels[status] }));

/**
 * The list's filters beside the text filter; each applies at once (a choice, a date) or as you
 * type (the disposition, as the text filter: issue 40 made them one behaviour). Below the `md` breakpoint (a phone) they would fill the first
 * screen before the list: they sit behind a "Filters" button, closed at first, which says how many
 * are set; on a larger screen they are all shown and the button is not.
 */
function InteractionFilters({
  search,
  onSearchChange,
  queues,
  agents,
  teams,
  activeCount,
}: {
  search: InteractionListSearch;
  onSearchChange(change: Partial<InteractionListSearch>): void;
  queues: Choices;
  agents: Choices;
  teams: Choices;
  /** How many of these filters are set (from the URL). */
  activeCount: number;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const set = (change: Partial<InteractionListSearch>) => onSearchChange({ ...change, page: 1 });
  const labelClass = 'text-sm font-medium text-slate-800 dark:text-slate-200';
  return (
    <>
      <Button variant="secondary" aria-expanded={open} aria-controls={`${id}-filters`} onClick={() => setOpen(!open)} className="md:hidden">
        {activeCount > 0 ? `Filters (${activeCount})` : 'Filters'}
      </Button>
      <div id={`${id}-filters`} className={cn('flex w-full flex-wrap items-end gap-3 md:contents', !open && 'max-md:hidden')}>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-from`} className={labelClass}>
            From
          </label>
          <input id={`${id}-from`} type="date" className={cn(controlClass, 'w-40')} value={isDay(search.from) ? search.from : ''} max={isDay(search.to) ? search.to : undefined} onChange={(event) => set({ from: event.target.value })} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-to`} className={labelClass}>
            To
          </label>
          <input id={`${id}-to`} type="date" className={cn(controlClass, 'w-40')} value={isDay(search.to) ? search.to : ''} min={isDay(search.from) ? search.from : undefined} onChange={(event) => set({ to: event.target.value })} />
        </div>
        {queues ? <FilterSelect label="Queue" any="Any queue" value={search.queue} options={queues} onValueChange={(queue) => set({ queue })} /> : null}
        {agents ? <FilterSelect label="Agent" any="Any agent" value={search.agent} options={agents} onValueChange={(agent) => set({ agent })} /> : null}
        {teams ? <FilterSelect label="Team" any="Any team" value={search.team} options={teams} onValueChange={(team) => set({ team })} /> : null}
        <FilterSelect label="Type" any="Calls and web chats" value={search.type} options={typeChoices} onValueChange={(type) => set({ type: type as InteractionListSearch['type'] })} />
        <FilterSelect label="Direction" any="Any direction" value={search.direction} options={directionChoices} onValueChange={(direction) => set({ direction: direction as InteractionListSearch['direction'] })} />
        <FilterSelect label="Status" any="Any status" value={search.status} options={statusChoices} onValueChange={(status) => set({ status: status as InteractionListSearch['status'] })} />
        <FilterSelect label="Escalation" any="Any" value={search.escalated} options={yesNoChoices} onValueChange={(escalated) => set({ escalated: escalated as InteractionListSearch['escalated'] })} />
        <FilterSelect label="Recording" any="Any" value={search.recorded} options={recordedChoices} onValueChange={(recorded) => set({ recorded: recorded as InteractionListSearch['recorded'] })} />
        <FilterInput label="Disposition" value={search.disposition} onValueChange={(disposition) => set({ disposition: disposition.trim() })} className="[&_input]:w-44" />
        {search.team && teams === null ? (
          <Button variant="secondary" onClick={() => set({ team: '' })} aria-label="Remove the team filter">
            Team filter ×
          </Button>
        ) : null}
      </div>
    </>
  );
}

function FilterSelect({ label, any, value, options, onValueChange }: { label: string; any: string; value: string; options: Choice[] | 'loading'; onValueChange(value: string): void }) {
  const id = useId();
  const loading = options === 'loading';
  // A width of its own (the select fills it), wide enough for every "any" choice ("Calls and web
  // chats"): sized by its longest choice, a select grew when its choices came (a long agent's name)
  // and moved the filters after it to another place.
  return (
    <div className="flex w-52 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <Select id={id} value={value} placeholder={any} options={loading ? [] : options} disabled={loading} aria-busy={loading || undefined} onValueChange={onValueChange} />
    </div>
  );
}
