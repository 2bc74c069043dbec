import { defineArea } from '../../area.ts';
import { interactionDailyMetrics } from '../../db/schema/index.ts';
import { metricsRoutes } from './index.ts';
import { metricsDocs } from './openapi.ts';

/** Insights: the call center's figures, historic (from the daily roll-up of the call history) and real time. */
export const metricsArea = defineArea({
  name: 'metrics',
  mount: [{ path: '/metrics', app: metricsRoutes }],
  docs: metricsDocs,
  resources: ['/metrics/realtime', '/metrics/historic'],
  tables: [interactionDailyMetrics],
  grants: { practiceAdministrator: ['/metrics/historic', '/metrics/realtime'] },
});
