import { and, eq, sql } from 'drizzle-orm';
import { interactionDirections, type InteractionDirection } from '../../../domain/interaction-kinds.ts';
import { addDays, daysBetween } from '../../../domain/days.ts';
import { serviceLevelSeconds, type HistoricMetrics, type MetricsFigures } from '../../../domain/metrics.ts';
import type { Db } from '../../db/client.ts';
import { queues } from '../../db/schema/index.ts';

type Sums = { calls: number; answered: number; abandoned: number; answeredInThreshold: number; handleSeconds: number; waitSeconds: number };

const zero: Sums = { calls: 0, answered: 0, abandoned: 0, answeredInThreshold: 0, handleSeconds: 0, waitSeconds: 0 };

/** The sums with their averages and service level (domain/metrics.ts says how each is read). */
export function figures(sums: Sums): MetricsFigures {
  const offered = sums.answered + sums.abandoned;
  return {
    ...sums,
    averageHandleSeconds: sums.answered > 0 ? Math.round(sums.handleSeconds / sums.answered) : null,
    averageWaitSeconds: sums.calls > 0 ? Math.round(sums.waitSeconds / sums.calls) : null,
    serviceLevel: offered > 0 ? sums.answeredInThreshold / offered : null,
  };
}

type Row = {
  day: string | null;
  direction: string | null;
  queue_id: string | null;
  queue_name: string | null;
  by_day: boolean;
  by_queue: boolean;
  calls: string;
  answered: string;
  abandoned: string;
  in_threshold: string;
  handle_seconds: string;
  wait_seconds: string;
};

const sumsOf = (row: Row): Sums => ({
  calls: Number(row.calls),
  answered: Number(row.answered),
  abandoned: Number(row.abandoned),
  answeredInThreshold: Number(row.in_threshold),
  handleSeconds: Number(row.handle_seconds),
  waitSeconds: Number(row.wait_seconds),
});

/**
 * The window's figures, all read from `interaction_daily_metrics` (one row per account, day, queue
 * and direction; at most a few thousand for a year), never from `interactions`: per day and
 * direction, per queue and in total in one grouped query (GROUPING SETS), the dispositions in another.
 */
export async function historicMetrics(
  db: Db,
  accountId: string,
  window: { from: string; to: string; queueId?: string; direction?: InteractionDirection },
): Promise<HistoricMetrics> {
  const { from, to, queueId, direction } = window;
  const where = sql.join(
    [
      sql`m.account_id = ${accountId}`,
      sql`m.day between ${from}::date and ${to}::date`,
      ...(queueId === undefined ? [] : [sql`m.queue_id = ${queueId}`]),
      ...(direction === undefined ? [] : [sql`m.direction = ${direction}`]),
    ],
    sql` and `,
  );
  const [grouped, dispositions, names] = await Promise.all([
    db.execute<Row>(sql`
      select m.day::text as day, m.direction, m.queue_id, null as queue_name,
        grouping(m.day, m.direction) = 0 as by_day, grouping(m.queue_id) = 0 as by_queue,
        sum(m.calls) as calls, sum(m.answered) as answered, sum(m.abandoned) as abandoned,
        sum(m.answered_in_threshold) as in_threshold, sum(m.handle_seconds) as handle_seconds, sum(m.wait_seconds) as wait_seconds
      from interaction_daily_metrics m
      where ${where}
      group by grouping sets ((m.day, m.direction), (m.queue_id), ())`),
    db.execute<{ name: string; count: string }>(sql`
      select d.key as name, sum(d.value::bigint) as count
      from interaction_daily_metrics m, jsonb_each_text(m.dispositions) d
      where ${where}
      group by d.key having sum(d.value::bigint) > 0
      order by 2 desc, 1`),
    db
      .select({ queueId: queues.queueId, queueName: queues.queueName })
      .from(queues)
      .where(and(eq(queues.accountId, accountId), queueId === undefined ? undefined : eq(queues.queueId, queueId))),
  ]);

  const queueNames = new Map(names.map((q) => [q.queueId, q.queueName]));
  const dayCount = daysBetween(from, to);
  const days = new Map<string, { sums: Sums; byDirection: Record<InteractionDirection, number> }>();
  for (let i = 0; i < dayCount; i++) {
    days.set(addDays(from, i), { sums: { ...zero }, byDirection: Object.fromEntries(interactionDirections.map((d) => [d, 0])) as Record<InteractionDirection, number> });
  }
  let totals = { ...zero };
  const perQueue: HistoricMetrics['queues'] = [];
  for (const row of grouped.rows) {
    const sums = sumsOf(row);
    if (row.by_day && row.day) {
      const day = days.get(row.day);
      if (!day) continue;
      for (const key of Object.keys(zero) as (keyof Sums)[]) day.sums[key] += sums[key];
      if (row.direction && row.direction in day.byDirection) day.byDirection[row.direction as InteractionDirection] += sums.calls;
    } else if (row.by_queue) {
      // Calls that reached no queue ('') are in the totals only.
      if (row.queue_id && sums.calls > 0) perQueue.push({ queueId: row.queue_id, queueName: queueNames.get(row.queue_id) ?? row.queue_id, ...figures(sums) });
    } else {
      totals = sums;
    }
  }
  perQueue.sort((a, b) => a.queueName.localeCompare(b.queueName) || a.queueId.localeCompare(b.queueId));
  return {
    from,
    to,
    direction: direction ?? null,
    serviceLevelSeconds,
    days: [...days].map(([date, day]) => ({ date, ...figures(day.sums), byDirection: day.byDirection })),
    dispositions: dispositions.rows.map((row) => ({ name: row.name, count: Number(row.count) })),
    queues: perQueue,
    totals: figures(totals),
  };
}
