import type { InteractionEvent, InteractionQueue, LegDurations } from '../../../domain/interactions.ts';
import { mentions } from '../../../domain/mentions.ts';

/** Seconds as minutes and seconds (spec §2 "Durations … (minutes and seconds)"): 75 → '1:15', 3725 → '62:05'. */
export function minutesSeconds(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** A day's key in the given time zone (YYYY-MM-DD), so events group by the day the user sees. */
export function dayKey(iso: string, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export type EventDay = { day: string; events: InteractionEvent[] };

/** The events timeline grouped by date (spec §2), oldest first, each day's events in time order. */
export function groupEventsByDay(events: readonly InteractionEvent[], timeZone?: string): EventDay[] {
  const sorted = [...events].sort((a, b) => a.startTimestamp.localeCompare(b.startTimestamp) || a.leg - b.leg);
  const days: EventDay[] = [];
  for (const event of sorted) {
    const day = dayKey(event.startTimestamp, timeZone);
    const last = days.at(-1);
    if (last && last.day === day) last.events.push(event);
    else days.push({ day, events: [event] });
  }
  return days;
}

/**
 * Which events show their leg's contact id (the contact center's id of the leg, `contactSource`):
 * the first event of each leg that carries one, and a later one only when the id changes, so a
 * timeline says it once per leg instead of under every event (issue 40). `events` in display order.
 */
export function eventsShowingContactId(events: readonly InteractionEvent[]): Set<string> {
  const shown = new Set<string>();
  const lastOfLeg = new Map<number, string>();
  for (const event of events) {
    if (!event.contactSource || lastOfLeg.get(event.leg) === event.contactSource) continue;
    lastOfLeg.set(event.leg, event.contactSource);
    shown.add(event.id);
  }
  return shown;
}

/** 'queue_transfer' → 'Queue transfer', 'connectedToAgent' → 'Connected to agent'. */
export function eventTypeLabel(type: string): string {
  const words = type
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** How far a seek key moves the player: the arrows by 5 seconds, with Shift by 15. */
export function seekStep(key: string, shift: boolean): number {
  const step = shift ? 15 : 5;
  if (key === 'ArrowRight' || key === 'ArrowUp') return step;
  if (key === 'ArrowLeft' || key === 'ArrowDown') return -step;
  return 0;
}

/** The playback position after a seek, kept within the recording. */
export function seekTo(current: number, delta: number, duration: number): number {
  const end = Number.isFinite(duration) && duration > 0 ? duration : Infinity;
  return Math.min(Math.max(0, current + delta), end);
}

/**
 * The `@name` being typed at the caret of a comment (what the mention picker filters by), or null
 * when the caret is not in one: `@` at the start or after a space, then letters without a space
 * (a name with a space is chosen from the picker before the space is typed).
 */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([\p{L}\p{N}._'-]{0,40})$/u.exec(before);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/** The comment's text with the typed `@query` replaced by the chosen `@Name `, and where the caret goes. */
export function insertMention(text: string, mention: { start: number; query: string }, name: string): { text: string; caret: number } {
  const inserted = `@${name} `;
  const end = mention.start + 1 + mention.query.length;
  return { text: text.slice(0, mention.start) + inserted + text.slice(end), caret: mention.start + inserted.length };
}

/** The chosen mentions still in the text when it is sent (a mention deleted from the text, or run into a longer word, is not sent). */
export function mentionsInText<T extends { name: string }>(text: string, chosen: readonly T[]): T[] {
  const seen = new Set<string>();
  return chosen.filter((user) => {
    if (seen.has(user.name) || !mentions(text, user.name)) return false;
    seen.add(user.name);
    return true;
  });
}

/** One leg's times (spec §2 "Durations per leg"), in seconds. */
export type LegTimes = { leg: number; queueName: string | null; total: number; wait: number; talk: number; afterContactWork: number };

/** When an event's stretch ends; a dequeued event's duration is the wait that came before it. */
const endOf = (event: InteractionEvent) => Date.parse(event.startTimestamp) + (event.type === 'dequeued' ? 0 : event.duration * 1000);
const at = (event: InteractionEvent) => Date.parse(event.startTimestamp);

/**
 * How long a stretch of the leg lasted: its opening event's duration, or (when the contact center
 * gave the event no duration) until the first later event of the leg that ends it.
 */
function stretch(list: readonly InteractionEvent[], opens: string, endsWith: readonly string[]): number {
  let total = 0;
  for (const event of list.filter((e) => e.type === opens)) {
    if (event.duration > 0) {
      total += event.duration;
      continue;
    }
    const end = list.find((e) => at(e) >= at(event) && e !== event && endsWith.includes(e.type));
    if (end) total += Math.max(0, Math.round((at(end) - at(event)) / 1000));
  }
  return total;
}

/**
 * Each leg's durations, worked out from its events when the contact center did not give them: the
 * whole leg from its first event's start to its last event's end; waiting in queue (enqueued, until
 * dequeued or an agent answered), talking with an agent (connectedToAgent, until the leg was
 * disconnected, transferred or went to after-contact work), and after-contact work.
 */
export function legTimes(events: readonly InteractionEvent[]): LegTimes[] {
  const legs = new Map<number, InteractionEvent[]>();
  for (const event of events) legs.set(event.leg, [...(legs.get(event.leg) ?? []), event]);
  return [...legs.entries()]
    .sort(([a], [b]) => a - b)
    .map(([leg, unsorted]) => {
      const list = [...unsorted].sort((a, b) => at(a) - at(b));
      const start = Math.min(...list.map(at));
      const end = Math.max(...list.map(endOf));
      return {
        leg,
        queueName: list.find((e) => e.queueName)?.queueName ?? null,
        total: Math.max(0, Math.round((end - start) / 1000)),
        wait: stretch(list, 'enqueued', ['dequeued', 'connectedToAgent', 'disconnect', 'queue_transfer']),
        talk: stretch(list, 'connectedToAgent', ['disconnect', 'afterContactWork', 'transfer', 'queue_transfer']),
        afterContactWork: list.filter((e) => e.type === 'afterContactWork').reduce((total, e) => total + e.duration, 0),
      };
    });
}

/** The legs' durations as the contact center measured them (talk includes hold), else worked out from the events. */
export function legDurationsOf(interaction: { legDurations?: readonly LegDurations[]; events: readonly InteractionEvent[] }): LegTimes[] {
  if (!interaction.legDurations?.length) return legTimes(interaction.events);
  return [...interaction.legDurations]
    .sort((a, b) => a.leg - b.leg)
    .map((l) => ({ leg: l.leg, queueName: l.queueName, total: l.total, wait: l.wait, talk: l.talk + l.hold, afterContactWork: l.afterContactWork }));
}

/** The queues the call went through (spec §2 "Queues"): each time it was put in one, with its leg and how long it waited. */
export function queueVisits(events: readonly InteractionEvent[]): { key: string; queueName: string; leg: number; enqueuedTimestamp: string; waitSeconds: number }[] {
  return events
    .filter((e) => e.type === 'enqueued' && (e.queueName || e.queueId))
    .sort((a, b) => a.startTimestamp.localeCompare(b.startTimestamp))
    .map((e) => ({ key: e.id, queueName: e.queueName ?? e.queueId ?? '', leg: e.leg, enqueuedTimestamp: e.startTimestamp, waitSeconds: e.duration || stretch(events.filter((x) => x.leg === e.leg && at(x) >= at(e)), 'enqueued', ['dequeued', 'connectedToAgent', 'disconnect', 'queue_transfer']) }));
}

/** The queues as the contact center reported them, else worked out from the events. */
export function queuesOf(interaction: { queues?: readonly InteractionQueue[]; events: readonly InteractionEvent[] }) {
  if (!interaction.queues?.length) return queueVisits(interaction.events);
  return interaction.queues.map((q, i) => ({ key: `${q.queueId}-${q.leg}-${i}`, queueName: q.queueName, leg: q.leg, enqueuedTimestamp: q.enqueuedTimestamp, waitSeconds: q.waitSeconds }));
}
