import { Link } from '@tanstack/react-router';
import { useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { addDays, dateOf, wallOf, weekStartOf, weekdayNames, weekdays, type TaskOccurrence } from '../../../domain/schedules.ts';
import { Button } from '../../components/ui/button.tsx';
import { isPlainKey, isTypingTarget } from '../../lib/keyboard.ts';
import { cn } from '../../lib/cn.ts';
import { kept, useLocale } from '../../lib/format.ts';

type WeekViewProps = {
  scheduleId: string;
  timeZone: string;
  /** The Sunday starting the week shown ('2026-03-08'). */
  weekStart: string;
  /** Today's local date. */
  today: string;
  occurrences: TaskOccurrence[] | undefined;
  loading: boolean;
  onWeekChange(weekStart: string): void;
};

// Days and times in the user's chosen locale (`locale`, from lib/format.ts useLocale; null: the
// browser's), through the kept formatters: not always American English, nor a formatter per call.
const dayLabel = (date: string, style: 'long' | 'short', locale: string | null) =>
  kept(locale, { timeZone: 'UTC', weekday: style, month: style === 'long' ? 'long' : 'short', day: 'numeric' }).format(new Date(`${date}T12:00:00Z`));

/** "Mar 8 – 14, 2026" */
export const weekLabel = (weekStart: string, locale: string | null) =>
  kept(locale, { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }).formatRange(new Date(`${weekStart}T12:00:00Z`), new Date(`${addDays(weekStart, 6)}T12:00:00Z`));

/** "9:00 AM – 10:00 AM" in the schedule's time zone. */
export function timeRange(o: Pick<TaskOccurrence, 'start' | 'end'>, timeZone: string, locale: string | null) {
  return kept(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).formatRange(new Date(o.start), new Date(o.end));
}

type Layout = 'week' | 'list';
/** The layout last chosen, kept for the next schedule opened (a preference of this browser). */
const layoutKey = 'astera.schedule-layout';
const storedLayout = (): Layout => {
  try {
    return localStorage.getItem(layoutKey) === 'list' ? 'list' : 'week';
  } catch {
    return 'week';
  }
};

/**
 * The week of a schedule, as a week (seven days, Sunday first, each a list of its occurrences,
 * side by side on a desktop and one under the other on a phone) or as a list (every occurrence of
 * the week in order, its day and time beside it). Keys: ↓/→/J next occurrence, ↑/←/K previous,
 * Enter opens it; [ or PageUp the previous week, ] or PageDown the next, T today; L switches
 * between the week and the list.
 */
export function WeekView({ scheduleId, timeZone, weekStart, today, occurrences, loading, onWeekChange }: WeekViewProps) {
  const locale = useLocale();
  const headingId = useId();
  const region = useRef<HTMLElement>(null);
  const [layout, setLayout] = useState<Layout>(storedLayout);
  const choose = (next: Layout) => {
    setLayout(next);
    try {
      localStorage.setItem(layoutKey, next);
    } catch {
      // A browser that keeps nothing shows the week next time.
    }
  };
  const days = weekdays.map((_, i) => addDays(weekStart, i));
  const byDay = new Map<string, TaskOccurrence[]>(days.map((d) => [d, []]));
  for (const o of occurrences ?? []) byDay.get(dateOf(wallOf(new Date(o.start), timeZone)))?.push(o);
  const ordered = days.flatMap((d) => byDay.get(d) ?? []);

  const links = () => [...(region.current?.querySelectorAll<HTMLAnchorElement>('a[data-occurrence]') ?? [])];
  const move = (step: 1 | -1) => {
    const all = links();
    if (all.length === 0) return;
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const next = at === -1 ? (step === 1 ? 0 : all.length - 1) : Math.min(all.length - 1, Math.max(0, at + step));
    all[next]?.focus();
  };
  const changeWeek = (weekStartNext: string) => {
    onWeekChange(weekStartNext);
    // Keep the keyboard in the week: the region itself until the new week's first occurrence is focused by J.
    region.current?.focus();
  };

  const handleKeyDown = (event: ReactKeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || !isPlainKey(event.nativeEvent) || isTypingTarget(event.target)) return;
    const key = event.key;
    if (key === 'ArrowDown' || key === 'ArrowRight' || key === 'j' || key === 'J') move(1);
    else if (key === 'ArrowUp' || key === 'ArrowLeft' || key === 'k' || key === 'K') move(-1);
    else if (key === '[' || key === 'PageUp') changeWeek(addDays(weekStart, -7));
    else if (key === ']' || key === 'PageDown') changeWeek(addDays(weekStart, 7));
    else if (key === 't' || key === 'T') changeWeek(weekStartOf(today));
    else if (key === 'l' || key === 'L') choose(layout === 'week' ? 'list' : 'week');
    else return;
    event.preventDefault();
  };

  return (
    <section
      ref={region}
      aria-labelledby={headingId}
      aria-describedby={`${headingId}-keys`}
      tabIndex={-1}
      data-route-focus
      onKeyDown={handleKeyDown}
      className="flex flex-col gap-3 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} aria-live="polite" className="text-lg font-semibold">
          Week of {weekLabel(weekStart, locale)}
        </h2>
        <div className="flex flex-wrap gap-2">
          <div role="group" aria-label="Show" className="flex">
            {(['week', 'list'] as const).map((option) => (
              <Button
                key={option}
                variant="secondary"
                aria-pressed={layout === option}
                aria-keyshortcuts="L"
                className={cn('first:rounded-r-none last:-ml-px last:rounded-l-none', layout === option && 'bg-brand-50 text-brand-900 dark:bg-slate-700 dark:text-white')}
                onClick={() => choose(option)}
              >
                {option === 'week' ? 'Week' : 'List'}
              </Button>
            ))}
          </div>
          <Button variant="secondary" aria-keyshortcuts="[ PageUp" onClick={() => changeWeek(addDays(weekStart, -7))}>
            <span aria-hidden="true">←</span> Previous week
          </Button>
          <Button variant="secondary" aria-keyshortcuts="T" onClick={() => changeWeek(weekStartOf(today))}>
            Today
          </Button>
          <Button variant="secondary" aria-keyshortcuts="] PageDown" onClick={() => changeWeek(addDays(weekStart, 7))}>
            Next week <span aria-hidden="true">→</span>
          </Button>
        </div>
      </div>
      <p id={`${headingId}-keys`} className="text-xs text-slate-600 dark:text-slate-400">
        J/K or arrows move between occurrences, Enter opens one; [ and ] (PageUp/PageDown) change the week, T goes to today, L switches between the week and the list.
      </p>
      {layout === 'list' ? (
        <OccurrenceList scheduleId={scheduleId} timeZone={timeZone} weekStart={weekStart} occurrences={ordered} loading={loading} />
      ) : (
      <ol aria-label={`Days of the week of ${weekLabel(weekStart, locale)}`} aria-busy={loading} className="grid grid-cols-1 gap-2 lg:grid-cols-7">
        {days.map((date) => {
          const items = byDay.get(date) ?? [];
          const isToday = date === today;
          return (
            <li
              key={date}
              className={cn(
                'flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-2 dark:border-slate-700 dark:bg-slate-900',
                isToday && 'border-brand-600 dark:border-brand-100',
              )}
            >
              <h3 className="text-sm font-semibold">
                <span className="lg:hidden">{dayLabel(date, 'long', locale)}</span>
                <span className="max-lg:hidden">{dayLabel(date, 'short', locale)}</span>
                {isToday ? <span className="ml-1 text-xs font-normal text-brand-700 dark:text-brand-100">(today)</span> : null}
              </h3>
              {items.length === 0 ? (
                <p className="text-xs text-slate-600 dark:text-slate-400">Nothing scheduled</p>
              ) : (
                <ul aria-label={`${weekdayNames[weekdays[new Date(`${date}T12:00:00Z`).getUTCDay()]!]} ${dayLabel(date, 'long', locale)}`} className="flex flex-col gap-1.5">
                  {items.map((o) => (
                    <li key={`${o.taskId}-${o.start}`}>
                      <OccurrenceLink
                        scheduleId={scheduleId}
                        occurrence={o}
                        index={ordered.indexOf(o)}
                        className="block rounded-md border-l-4 border-brand-600 bg-brand-50 px-2 py-1 text-xs text-slate-900 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:bg-slate-800 dark:text-slate-100"
                      >
                        <span className="block font-medium break-words">{o.title}</span>
                        <span className="block">{timeRange(o, timeZone, locale)}</span>
                        {o.practitionerName || o.who ? <span className="block text-slate-700 dark:text-slate-300">{o.practitionerName ?? o.who}</span> : null}
                        {occurrenceKind(o) ? <span className="block text-slate-700 dark:text-slate-300">{occurrenceKind(o)}</span> : null}
                      </OccurrenceLink>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      )}
    </section>
  );
}

/** Where an occurrence opens: the task's page, at that occurrence when it repeats. */
function OccurrenceLink({ scheduleId, occurrence: o, index, className, children }: { scheduleId: string; occurrence: TaskOccurrence; index: number; className: string; children: ReactNode }) {
  return (
    <Link
      to="/practice/schedules/updateTask/$scheduleId"
      params={{ scheduleId }}
      search={{ taskId: o.taskId, ...(o.isRecurring ? { occurrence: o.occurrence } : {}) }}
      data-occurrence={index}
      className={className}
    >
      {children}
    </Link>
  );
}

const occurrenceKind = (o: TaskOccurrence) => (o.isRecurring ? 'Repeats' : o.parentId ? 'Changed occurrence' : null);

/** The week's occurrences one under the other, in order: day, time, title, who, and whether it repeats. */
function OccurrenceList({ scheduleId, timeZone, weekStart, occurrences, loading }: { scheduleId: string; timeZone: string; weekStart: string; occurrences: TaskOccurrence[]; loading: boolean }) {
  const locale = useLocale();
  if (occurrences.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{loading ? 'Loading…' : 'Nothing scheduled this week.'}</p>;
  return (
    <ol aria-label={`Occurrences of the week of ${weekLabel(weekStart, locale)}`} aria-busy={loading} className="flex flex-col gap-1.5">
      {occurrences.map((o, index) => (
        <li key={`${o.taskId}-${o.start}`}>
          <OccurrenceLink
            scheduleId={scheduleId}
            occurrence={o}
            index={index}
            className="grid grid-cols-1 gap-x-4 rounded-md border-l-4 border-brand-600 bg-white px-3 py-2 text-sm text-slate-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 sm:grid-cols-[12rem_10rem_1fr] dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            <span className="font-medium">{dayLabel(dateOf(wallOf(new Date(o.start), timeZone)), 'long', locale)}</span>
            <span>{timeRange(o, timeZone, locale)}</span>
            <span className="min-w-0 break-words">
              <span className="font-medium">{o.title}</span>
              {o.practitionerName || o.who ? <span className="text-slate-700 dark:text-slate-300"> · {o.practitionerName ?? o.who}</span> : null}
              {occurrenceKind(o) ? <span className="text-slate-700 dark:text-slate-300"> · {occurrenceKind(o)}</span> : null}
            </span>
          </OccurrenceLink>
        </li>
      ))}
    </ol>
  );
}
