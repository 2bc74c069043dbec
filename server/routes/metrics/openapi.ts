import * as v from 'valibot';
import { interactionDirections } from '../../../domain/interaction-kinds.ts';
import type { HistoricMetrics, MetricsFigures, RealtimeMetrics } from '../../../domain/metrics.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, dateTime, isoDate } from '../../openapi/schemas.ts';

/** Insights (server/routes/metrics/index.ts): historic and realtime figures. */

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const figureEntries = {
  calls: count,
  answered: count,
  abandoned: count,
  answeredInThreshold: v.pipe(count, v.description('Answered within the service level’s seconds.')),
  handleSeconds: v.pipe(v.number(), v.description('In total; the averages are over answered calls (handle) and all calls (wait).')),
  waitSeconds: v.number(),
  averageHandleSeconds: v.pipe(v.nullable(v.number()), v.description('Null without calls to average over.')),
  averageWaitSeconds: v.nullable(v.number()),
  serviceLevel: v.pipe(v.nullable(v.number()), v.description('answeredInThreshold / (answered + abandoned), 0 to 1; null when no call was offered.')),
};
const figuresAnswer = answerOf<MetricsFigures>()(v.object(figureEntries));

const historicAnswer = answerOf<HistoricMetrics>()(
  v.object({
    from: isoDate,
    to: isoDate,
    direction: v.nullable(v.picklist(interactionDirections)),
    serviceLevelSeconds: v.number(),
    days: v.pipe(
      v.array(
        v.object({
          ...figureEntries,
          date: isoDate,
          byDirection: v.object({ inbound: count, outbound: count, callback: count, api: count, webrtc_api: count, external_outbound: count }),
        }),
      ),
      v.description('Every UTC day of the window, oldest first.'),
    ),
    dispositions: v.pipe(v.array(v.object({ name: v.string(), count })), v.description('Most frequent first.')),
    queues: v.pipe(v.array(v.object({ ...figureEntries, queueId: v.string(), queueName: v.string() })), v.description('The queues that had calls in the window, by name.')),
    totals: figuresAnswer,
  }),
);

const realtimeAnswer = answerOf<RealtimeMetrics>()(
  v.object({
    asOf: dateTime,
    queues: v.array(
      v.object({
        queueId: v.string(),
        queueName: v.string(),
        callsWaiting: count,
        agentsOnCall: count,
        agentsAvailable: count,
        oldestWaitSeconds: v.pipe(count, v.description('Seconds the longest-waiting call has waited (0 when none waits).')),
      }),
    ),
  }),
);

const figures: MetricsFigures = { calls: 42, answered: 38, abandoned: 4, answeredInThreshold: 33, handleSeconds: 9120, waitSeconds: 1470, averageHandleSeconds: 240, averageWaitSeconds: 35, serviceLevel: 0.79 };
const queueId = '3f1c2b7a-9d4e-4a61-8b0c-5e6f7a8b9c0d';

export const metricsDocs = areaDocs({
  'GET /metrics/historic': {
    summary: 'Historic figures per UTC day, queue and disposition (the last 30 days unless asked)',
    answer: historicAnswer,
    queryExample: { from: '2026-03-14', to: '2026-03-14', direction: 'inbound' },
    answerExample: {
      from: '2026-03-14',
      to: '2026-03-14',
      direction: 'inbound',
      serviceLevelSeconds: 20,
      days: [{ ...figures, date: '2026-03-14', byDirection: { inbound: 42, outbound: 0, callback: 0, api: 0, webrtc_api: 0, external_outbound: 0 } }],
      dispositions: [{ name: 'Resolved', count: 30 }],
      queues: [{ ...figures, queueId, queueName: 'Front desk' }],
      totals: figures,
    },
  },
  'GET /metrics/realtime': {
    summary: 'The contact center’s figures now, per queue of the account',
    answer: realtimeAnswer,
    queryExample: { queueId },
    answerExample: { asOf: '2026-03-14T09:30:00.000Z', queues: [{ queueId, queueName: 'Front desk', callsWaiting: 2, agentsOnCall: 3, agentsAvailable: 1, oldestWaitSeconds: 45 }] },
  },
});
