import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { isValidElement, lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { interactionDirections, type InteractionDirection } from '../../../domain/interaction-kinds.ts';
import { messages } from '../../../domain/messages.ts';
import { interactionMessages } from '../../../domain/interaction-messages.ts';
import { daysBetween } from '../../../domain/days.ts';
import { historicMaxDays, type HistoricMetrics, type MetricsFigures } from '../../../domain/metrics.ts';
import { Button } from '../../components/ui/button.tsx';
import { controlClass } from '../../components/ui/field.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Select } from '../../components/ui/select.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { cn } from '../../lib/cn.ts';
import { compareNames, useDayFormat, useShortDayFormat, useTimeFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/policy.ts';
import type { BarSeries } from './bar-chart.tsx';
import { interactionsHref, type InteractionsFilter } from './links.ts';
import { historicMetricsQuery, insightsQueuesQuery, realtimeMetricsQuery, realtimeRefreshMs, type InsightsWindow } from './queries.ts';
import { insightsRanges, type InsightsRange, type InsightsSearch } from './search.ts';
import { insightsWindow } from './window.ts';
import { WholeWords } from '../../components/ui/whole-words.tsx';

// chart.js comes with the charts, which come with this screen only.
const loadBarChart = () => import('./bar-chart.tsx');
const BarChart = lazy(loadBarChart);

const directionLabels: Record<InteractionDirection, string> = {
  inbound: 'Inbound',
  outbound: 'Outbound',
  callback: 'Callback',
  api: 'API',
  webrtc_api: 'Web call',
  external_outbound: 'External outbound',
};
/** Distinct hues, each dark enough for white text, told apart by the legend and the table too. */
const directionColours: Record<InteractionDirection, string> = {
  inbound: '#1d4ed8',
  outbound: '#0f766e',
  callback: '#b45309',
  api: '#7c3aed',
  webrtc_api: '#be185d',
  external_outbound: '#475569',
};

/** Seconds as m:ss (durations in the portal read in minutes and seconds). */
export const minutesSeconds = (seconds: number | null) => (seconds === null ? '–' : `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`);
const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);
const formatPercent = (value: number) => `${value}%`;
const formatMinutes = (value: number) => minutesSeconds(value);

type InsightsScreenProps = {
  search: InsightsSearch;
  onSearchChange(change: Partial<InsightsSearch>): void;
};

/**
 * Insights (spec §2 `/insights`, layout ours): for a call-center supervisor, the queues right now
 * (a live strip), then the window's calls per day by direction, handle and wait times, abandoned
 * calls, dispositions and each queue's service level. Every chart has its figures as a table,
 * whose cells link (like the chart's bars) to the interactions list filtered the same way.
 */
export function InsightsScreen({ search, onSearchChange }: InsightsScreenProps) {
  const period = insightsWindow(search);
  const account = useAccountKey();
  // A range too long to ask for (an address typed or kept from elsewhere): the form says what is
  // wrong, as it does when one applies it, instead of a refused request's "Try again" that could
  // never succeed (issue 40).
  const tooLong = daysBetween(period.from, period.to) > historicMaxDays;
  const historic = useQuery({ ...historicMetricsQuery(account, period), enabled: !tooLong });
  const canQueues = useCan('/callcenter/queues', 'GET');
  const queues = useQuery({ ...insightsQueuesQuery(account), enabled: canQueues });
  const queueOptions = useMemo(() => {
    const named = new Map<string, string>((queues.data?.items ?? []).map((q) => [q.id, q.queueName]));
    for (const q of historic.data?.queues ?? []) if (!named.has(q.queueId)) named.set(q.queueId, q.queueName);
    if (period.queue && !named.has(period.queue)) named.set(period.queue, period.queue);
    return [...named].map(([value, label]) => ({ value, label })).sort((a, b) => compareNames(a.label, b.label));
  }, [queues.data, historic.data, period.queue]);
  const queueName = queueOptions.find((q) => q.value === period.queue)?.label;
  const dayName = useDayFormat();
  // The charts' code is asked for once the screen is shown, while the figures are on their way
  // (not once they are here: a round trip more), and not beside the screen's own code, whose
  // arrival it delayed on a slow network (Lighthouse: largest paint).
  useEffect(() => {
    loadBarChart().catch(() => {});
  }, []);

  return (
    <div>
      <PageHeader
        title="Insights"
        description={
          <>
            Calls from {dayName(period.from)} to {dayName(period.to)} (UTC days){queueName ? `, queue ${queueName}` : ', all queues'}.
          </>
        }
      />
      <Filters search={search} period={period} queueOptions={queueOptions} onSearchChange={onSearchChange} rangeError={tooLong ? interactionMessages.metricsRangeTooLong : null} />
      {useCan('/metrics/realtime', 'GET') ? <LiveStrip queue={period.queue} /> : null}
      {tooLong ? null : historic.isPending ? (
        <p role="status" className="mt-6 text-sm text-slate-600 dark:text-slate-300">
          Loading figures…
        </p>
      ) : historic.isError ? (
        <LoadError message={messages.tryAgain} error={historic.error} onRetry={() => void historic.refetch()} />
      ) : (
        <Figures metrics={historic.data} queue={period.queue} />
      )}
    </div>
  );
}

const rangeLabels: Record<InsightsRange, string> = { 7: 'Last 7 days', 30: 'Last 30 days', 90: 'Last 90 days', custom: 'Custom' };

function Filters({
  search,
  period,
  queueOptions,
  onSearchChange,
  rangeError,
}: InsightsScreenProps & { period: InsightsWindow; queueOptions: { value: string; label: string }[]; rangeError: string | null }) {
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [error, setError] = useState<string | null>(rangeError);
  const errorId = useId();
  const toField = useRef<HTMLInputElement>(null);
  // The range the screen was opened with cannot be shown: the focus goes to the field to fix.
  useEffect(() => {
    if (rangeError) toField.current?.focus();
  }, [rangeError]);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) return setError(messages.dateInvalid);
    if (from > to) return setError(interactionMessages.metricsRangeReversed);
    if (daysBetween(from, to) > historicMaxDays) return setError(interactionMessages.metricsRangeTooLong);
    setError(null);
    onSearchChange({ range: 'custom', from, to });
  };
  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Date range</legend>
        <div className="flex flex-wrap gap-1">
          {insightsRanges.map((range) => (
            <button
              key={range}
              type="button"
              aria-pressed={search.range === range}
              onClick={() => (range === 'custom' ? onSearchChange({ range, from: period.from, to: period.to }) : onSearchChange({ range, from: '', to: '' }))}
              className={cn(
                'rounded-md border px-2.5 py-1.5 text-sm',
                search.range === range ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800',
              )}
            >
              {rangeLabels[range]}
            </button>
          ))}
        </div>
      </fieldset>
      {search.range === 'custom' ? (
        <form onSubmit={apply} className="flex flex-wrap items-end gap-2" aria-label="Custom date range">
          <label className="text-sm">
            <span className="mb-1 block font-medium">From</span>
            <input type="date" className={controlClass} value={from} onChange={(e) => setFrom(e.target.value)} aria-describedby={error ? errorId : undefined} />
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium">To</span>
            <input ref={toField} type="date" className={controlClass} value={to} onChange={(e) => setTo(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
          </label>
          <Button type="submit" variant="secondary">
            Apply
          </Button>
          {error ? (
            <p id={errorId} role="alert" className="basis-full text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
      <label className="text-sm">
        <span className="mb-1 block font-medium">Queue</span>
        <Select value={search.queue} onValueChange={(queue) => onSearchChange({ queue })} options={queueOptions} placeholder="All queues" />
      </label>
    </div>
  );
}

/** The contact center's figures now, per queue, asked again every few seconds while the screen is open. */
function LiveStrip({ queue }: { queue: string }) {
  const realtime = useQuery(realtimeMetricsQuery(useAccountKey(), queue));
  const time = useTimeFormat();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mt-4">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h2 id={titleId} className="text-lg font-semibold">
          Queues now
        </h2>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {realtime.data ? `Updated ${time(realtime.data.asOf)}, every ${realtimeRefreshMs / 1000} seconds` : null}
        </p>
      </div>
      {realtime.isError && !realtime.data ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{interactionMessages.realtimeUnavailable}</p>
      ) : realtime.isPending ? (
        <p role="status" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Loading live figures…
        </p>
      ) : realtime.data.queues.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">No queues.</p>
      ) : (
        <ul className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {realtime.data.queues.map((q) => (
            <li key={q.queueId} className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
              <p className="truncate font-medium" title={q.queueName}>
                {q.queueName}
              </p>
              <dl className="mt-1 grid grid-cols-2 gap-x-3 text-sm">
                <dt className="text-slate-600 dark:text-slate-300">Waiting</dt>
                <dd className={cn('text-right font-semibold tabular-nums', q.callsWaiting > 0 && 'text-amber-800 dark:text-amber-300')}>{q.callsWaiting}</dd>
                <dt className="text-slate-600 dark:text-slate-300">Oldest wait</dt>
                <dd className="text-right tabular-nums">{minutesSeconds(q.oldestWaitSeconds)}</dd>
                <dt className="text-slate-600 dark:text-slate-300">Agents on calls</dt>
                <dd className="text-right tabular-nums">{q.agentsOnCall}</dd>
                <dt className="text-slate-600 dark:text-slate-300">Agents available</dt>
                <dd className="text-right tabular-nums">{q.agentsAvailable}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A link into the interactions list that stays in the single-page app. */
function InteractionsLink({ filter, children, label }: { filter: InteractionsFilter; children: ReactNode; label: string }) {
  const navigate = useNavigate();
  const href = interactionsHref(filter);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ href });
  };
  return (
    <a href={href} onClick={follow} aria-label={label} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
      {children}
    </a>
  );
}

function Totals({ totals, serviceLevelSeconds }: { totals: MetricsFigures; serviceLevelSeconds: number }) {
  const items: [string, string][] = [
    ['Calls', String(totals.calls)],
    ['Answered', String(totals.answered)],
    ['Abandoned', String(totals.abandoned)],
    [`Service level (${serviceLevelSeconds} s)`, percent(totals.serviceLevel)],
    ['Average handle time', minutesSeconds(totals.averageHandleSeconds)],
    ['Average wait', minutesSeconds(totals.averageWaitSeconds)],
  ];
  return (
    <dl className="mt-6 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
          <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
          <dd className="text-xl font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type ChartCardProps = { title: string; empty: boolean; chart: ReactNode; table: ReactNode };

/**
 * A chart with its figures as a table (the table's cells are the keyboard's way to the bars' links).
 * On a phone the table scrolls inside its box rather than break a word or a date across lines (the
 * main area breaks anywhere at that size, so that no long name widens the page).
 */
function ChartCard({ title, empty, chart, table }: ChartCardProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <h2 id={titleId} className="mb-2 text-base font-semibold">
        {title}
      </h2>
      {empty ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No calls in this window.</p>
      ) : (
        <>
          <Suspense fallback={<div className="h-64" role="status" aria-label="Loading the chart" />}>{chart}</Suspense>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer text-brand-700 dark:text-brand-300">{title} as a table</summary>
            <div className="mt-2 max-h-80 overflow-auto [overflow-wrap:normal]">{table}</div>
          </details>
        </>
      )}
    </section>
  );
}

const th = 'py-1 pr-3 text-left font-medium';
const td = 'py-1 pr-3 text-right whitespace-nowrap tabular-nums';
/** The header row stays in view while the box scrolls down, the names while it scrolls sideways (a phone). */
const stuck = 'sticky bg-white dark:bg-slate-900';

/**
 * A chart's table alternative: the first column names the row (a day, a disposition, a queue),
 * the others are figures (right-aligned; the links among them open the calls they count). Days
 * and figures stay on one line (a date breaks at its hyphens otherwise); names wrap between words;
 * the names' column and the header row stay in view while the box scrolls.
 */
function FigureTable({ caption, columns, rows, wrapNames = false }: { caption: string; columns: string[]; rows: { key: string; name: string; cells: ReactNode[] }[]; wrapNames?: boolean }) {
  return (
    <table className="w-full">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={column} scope="col" className={cn(th, stuck, 'top-0', index === 0 ? 'left-0 z-10' : 'text-right')}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-slate-100 dark:border-slate-800">
            <th scope="row" className={cn(th, stuck, 'left-0 font-normal', !wrapNames && 'whitespace-nowrap')}>
              {wrapNames ? <WholeWords text={row.name} /> : row.name}
            </th>
            {row.cells.map((cell, index) => (
              // Keyed by the cell's own key (its column): when a column comes or goes with new
              // figures (a direction with no calls in a queue), a link keeps its element, and focus.
              <td key={isValidElement(cell) && cell.key !== null ? cell.key : index} className={td}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Figures({ metrics, queue }: { metrics: HistoricMetrics; queue: string }) {
  const { from, to } = metrics;
  const base = { from, to, queue };
  // Days in the user's date format (Languages & Region). They stay the days the figures are
  // counted on, UTC days (the heading says so): a day is named, not moved into a time zone.
  const shortDay = useShortDayFormat();
  const dayName = useDayFormat();
  const labels = useMemo(() => metrics.days.map((d) => shortDay(d.date)), [metrics, shortDay]);
  const named = useMemo(() => new Map(metrics.days.map((d) => [d.date, dayName(d.date)])), [metrics, dayName]);
  const on = (date: string) => named.get(date) ?? dayName(date);
  // Only the directions that had calls (all six would crowd the legend), in the domain's order.
  const directions = useMemo(() => interactionDirections.filter((d) => metrics.days.some((day) => day.byDirection[d] > 0)), [metrics]);
  const directionSeries = useMemo<BarSeries[]>(
    () => directions.map((d) => ({ label: directionLabels[d], colour: directionColours[d], data: metrics.days.map((day) => day.byDirection[d]) })),
    [directions, metrics],
  );
  const timeSeries = useMemo<BarSeries[]>(
    () => [
      { label: 'Average handle time', colour: '#1d4ed8', data: metrics.days.map((d) => d.averageHandleSeconds ?? 0) },
      { label: 'Average wait', colour: '#b45309', data: metrics.days.map((d) => d.averageWaitSeconds ?? 0) },
    ],
    [metrics],
  );
  const abandonedSeries = useMemo<BarSeries[]>(() => [{ label: 'Abandoned', colour: '#b91c1c', data: metrics.days.map((d) => d.abandoned) }], [metrics]);
  const dispositionLabels = useMemo(() => metrics.dispositions.map((d) => d.name), [metrics]);
  const dispositionSeries = useMemo<BarSeries[]>(() => [{ label: 'Calls', colour: '#0f766e', data: metrics.dispositions.map((d) => d.count) }], [metrics]);
  const queueLabels = useMemo(() => metrics.queues.map((q) => q.queueName), [metrics]);
  const serviceSeries = useMemo<BarSeries[]>(
    () => [{ label: `Answered within ${metrics.serviceLevelSeconds} s`, colour: '#15803d', data: metrics.queues.map((q) => Math.round((q.serviceLevel ?? 0) * 100)) }],
    [metrics],
  );
  const navigate = useNavigate();
  const go = (filter: InteractionsFilter) => void navigate({ href: interactionsHref(filter) });
  const day = (index: number) => metrics.days[index]!.date;
  const noCalls = metrics.totals.calls === 0;
  const summaryOf = (what: string) => `${what} from ${dayName(from)} to ${dayName(to)}; the figures are in the table below the chart.`;

  return (
    <>
      <Totals totals={metrics.totals} serviceLevelSeconds={metrics.serviceLevelSeconds} />
      <div className="mt-4 grid grid-cols-1 gap-4 xl:grid-cols-2">
        <ChartCard
          title="Calls per day by direction"
          empty={noCalls}
          chart={
            <BarChart
              labels={labels}
              series={directionSeries}
              stacked
              summary={summaryOf(`Calls per day by direction, ${metrics.totals.calls} in all`)}
              onSelect={(i, s) => go({ ...base, from: day(i), to: day(i), direction: s === null ? undefined : directions[s] })}
            />
          }
          table={
            <FigureTable
              caption="Calls per day by direction"
              columns={['Day', ...directions.map((dir) => directionLabels[dir]), 'All']}
              rows={metrics.days.map((d) => ({
                key: d.date,
                name: on(d.date),
                cells: [
                  ...directions.map((dir) => (
                    <InteractionsLink key={dir} filter={{ ...base, from: d.date, to: d.date, direction: dir }} label={`${d.byDirection[dir]} ${directionLabels[dir]} calls on ${on(d.date)}`}>
                      {d.byDirection[dir]}
                    </InteractionsLink>
                  )),
                  <InteractionsLink key="all" filter={{ ...base, from: d.date, to: d.date }} label={`${d.calls} calls on ${on(d.date)}`}>
                    {d.calls}
                  </InteractionsLink>,
                ],
              }))}
            />
          }
        />
        <ChartCard
          title="Average handle and wait time"
          empty={noCalls}
          chart={
            <BarChart
              labels={labels}
              series={timeSeries}
              format={formatMinutes}
              summary={summaryOf(
                `Average handle time (${minutesSeconds(metrics.totals.averageHandleSeconds)} overall) and average wait (${minutesSeconds(metrics.totals.averageWaitSeconds)} overall) per day, in minutes and seconds`,
              )}
              onSelect={(i) => go({ ...base, from: day(i), to: day(i) })}
            />
          }
          table={
            <FigureTable
              caption="Average handle and wait time per day, in minutes and seconds"
              columns={['Day', 'Average handle time', 'Average wait', 'Calls']}
              rows={metrics.days.map((d) => ({
                key: d.date,
                name: on(d.date),
                cells: [
                  minutesSeconds(d.averageHandleSeconds),
                  minutesSeconds(d.averageWaitSeconds),
                  <InteractionsLink key="calls" filter={{ ...base, from: d.date, to: d.date }} label={`${d.calls} calls on ${on(d.date)}`}>
                    {d.calls}
                  </InteractionsLink>,
                ],
              }))}
            />
          }
        />
        <ChartCard
          title="Abandoned calls"
          empty={noCalls}
          chart={
            <BarChart
              labels={labels}
              series={abandonedSeries}
              summary={summaryOf(`Abandoned calls per day, ${metrics.totals.abandoned} in all`)}
              onSelect={(i) => go({ ...base, from: day(i), to: day(i), status: 'abandoned' })}
            />
          }
          table={
            <FigureTable
              caption="Abandoned calls per day"
              columns={['Day', 'Abandoned', 'Of calls']}
              rows={metrics.days.map((d) => ({
                key: d.date,
                name: on(d.date),
                cells: [
                  <InteractionsLink key="abandoned" filter={{ ...base, from: d.date, to: d.date, status: 'abandoned' }} label={`${d.abandoned} abandoned calls on ${on(d.date)}`}>
                    {d.abandoned}
                  </InteractionsLink>,
                  d.calls,
                ],
              }))}
            />
          }
        />
        <ChartCard
          title="Dispositions"
          empty={metrics.dispositions.length === 0}
          chart={
            <BarChart
              labels={dispositionLabels}
              series={dispositionSeries}
              horizontal
              summary={summaryOf(`Calls by disposition, ${metrics.dispositions.map((d) => `${d.name} ${d.count}`).join(', ')}`)}
              onSelect={(i) => go({ ...base, disposition: metrics.dispositions[i]!.name })}
            />
          }
          table={
            <FigureTable
              caption="Calls by disposition"
              columns={['Disposition', 'Calls']}
              wrapNames
              rows={metrics.dispositions.map((d) => ({
                key: d.name,
                name: d.name,
                cells: [
                  <InteractionsLink key="calls" filter={{ ...base, disposition: d.name }} label={`${d.count} calls with disposition ${d.name}`}>
                    {d.count}
                  </InteractionsLink>,
                ],
              }))}
            />
          }
        />
        <ChartCard
          title={`Service level by queue (answered within ${metrics.serviceLevelSeconds} s)`}
          empty={metrics.queues.length === 0}
          chart={
            <BarChart
              labels={queueLabels}
              series={serviceSeries}
              horizontal
              max={100}
              format={formatPercent}
              summary={summaryOf(`Service level by queue, ${metrics.queues.map((q) => `${q.queueName} ${percent(q.serviceLevel)}`).join(', ')}`)}
              onSelect={(i) => go({ ...base, queue: metrics.queues[i]!.queueId })}
            />
          }
          table={
            <FigureTable
              caption="Service level by queue"
              columns={['Queue', 'Service level', 'Calls', 'Abandoned']}
              wrapNames
              rows={metrics.queues.map((q) => ({
                key: q.queueId,
                name: q.queueName,
                cells: [
                  percent(q.serviceLevel),
                  <InteractionsLink key="calls" filter={{ ...base, queue: q.queueId }} label={`${q.calls} calls in queue ${q.queueName}`}>
                    {q.calls}
                  </InteractionsLink>,
                  <InteractionsLink key="abandoned" filter={{ ...base, queue: q.queueId, status: 'abandoned' }} label={`${q.abandoned} abandoned calls in queue ${q.queueName}`}>
                    {q.abandoned}
                  </InteractionsLink>,
                ],
              }))}
            />
          }
        />
      </div>
    </>
  );
}
