/**
 * Insights (spec §1, §2 `/insights`, §6 "realtime metrics", "historic metrics"; issue 26): the
 * figures a call-center supervisor reads. Historic figures come from `interaction_daily_metrics`,
 * kept current by a trigger on `interactions` (server/db/migrations, "interaction_daily_metrics_trigger");
 * the rules it applies are these constants, stated once here and in that SQL.
 */
import * as v from 'valibot';
import { interactionDirections, type InteractionDirection, type InteractionStatus } from './interaction-kinds.ts';
import { interactionMessages } from './interaction-messages.ts';
import { addDays, daysBetween, todayUtc } from './days.ts';
import { dateOrDateTime, utcDayOf } from './records.ts';
import { queueIdPattern } from './queues.ts';

/**
 * Service level: the share of calls offered to a queue (answered or abandoned) that an agent
 * answered within this many seconds of waiting (the industry's usual "80/20" threshold).
 */
export const serviceLevelSeconds = 20;

/**
 * Only calls that ended count (an `end_timestamp`, not deleted): a call still queued, with an agent
 * or in wrap-up is not in the figures yet. Of those, `abandoned` ended before an agent took it;
 * `completed` and `follow-up` were answered. Handle time counts answered calls; wait time every call.
 */
export const answeredStatuses = ['completed', 'follow-up'] as const satisfies readonly InteractionStatus[];
export const abandonedStatuses = ['abandoned'] as const satisfies readonly InteractionStatus[];

/** The longest window `GET /metrics/historic` answers, in days (both ends included). */
export const historicMaxDays = 366;
/** The window when none is asked for: the last 30 days, today included. */
export const historicDefaultDays = 30;

const queueIdSchema = v.pipe(v.string(), v.regex(queueIdPattern, 'must be a queue id'));

/**
 * `GET /metrics/historic?from&to&queueId&direction`. `from` and `to` are UTC days, both included;
 * without them the last 30 days. `to` may not come before `from`, and the window holds at most 366 days.
 */
export const historicQuerySchema = v.pipe(
  v.object({
    // A date or a date and time (issue 44); the figures are per UTC day, so an instant stands for its day.
    from: v.optional(v.pipe(dateOrDateTime(), v.transform(utcDayOf))),
    to: v.optional(v.pipe(dateOrDateTime(), v.transform(utcDayOf))),
    queueId: v.optional(queueIdSchema),
    direction: v.optional(v.picklist(interactionDirections)),
  }),
  v.forward(
    v.check((q) => !q.from || !q.to || q.from <= q.to, interactionMessages.metricsRangeReversed),
    ['to'],
  ),
  v.forward(
    v.check((q) => !q.from || !q.to || daysBetween(q.from, q.to) <= historicMaxDays, interactionMessages.metricsRangeTooLong),
    ['to'],
  ),
);
export type HistoricQuery = v.InferOutput<typeof historicQuerySchema>;

/** The window a query names: both ends given, or the default's missing end(s) filled in. */
export function historicWindow(query: { from?: string; to?: string }, today = todayUtc()): { from: string; to: string } {
  const to = query.to ?? (query.from ? addDays(query.from, historicDefaultDays - 1) : today);
  const from = query.from ?? addDays(to, -(historicDefaultDays - 1));
  return { from, to };
}

/** Calls, answered, abandoned and times of a set of calls (a day, a queue, the whole window). */
export type MetricsFigures = {
  calls: number;
  answered: number;
  abandoned: number;
  answeredInThreshold: number;
  /** Seconds in total; the averages below are these over answered calls (handle) and all calls (wait). */
  handleSeconds: number;
  waitSeconds: number;
  /** Whole seconds, null without calls to average over. */
  averageHandleSeconds: number | null;
  averageWaitSeconds: number | null;
  /** answeredInThreshold / (answered + abandoned), 0 to 1; null when no call was offered. */
  serviceLevel: number | null;
};

export type HistoricMetrics = {
  from: string;
  to: string;
  direction: InteractionDirection | null;
  serviceLevelSeconds: number;
  /** Every day of the window, oldest first; `byDirection` has every direction (0 when none). */
  days: (MetricsFigures & { date: string; byDirection: Record<InteractionDirection, number> })[];
  /** Each disposition's count over the window, most frequent first (ties by name). */
  dispositions: { name: string; count: number }[];
  /** The queues that had calls in the window (calls that reached no queue are only in the totals), by name. */
  queues: (MetricsFigures & { queueId: string; queueName: string })[];
  totals: MetricsFigures;
};

/** `GET /metrics/realtime?queueId`: the contact center's figures now, per queue of the account. */
export const realtimeQuerySchema = v.object({ queueId: v.optional(queueIdSchema) });

export type QueueRealtimeFigures = {
  queueId: string;
  queueName: string;
  callsWaiting: number;
  agentsOnCall: number;
  agentsAvailable: number;
  /** Seconds the longest-waiting call has waited (0 when none waits). */
  oldestWaitSeconds: number;
};
export type RealtimeMetrics = { asOf: string; queues: QueueRealtimeFigures[] };
