import { defineArea } from '../../area.ts';
import { healthRoutes } from './index.ts';
import { healthDocs } from './openapi.ts';

/** Liveness and readiness probes: before sign-in (probes carry no token); no records. */
export const healthArea = defineArea({
  name: 'health',
  mount: [{ path: '/health', app: healthRoutes, public: true }],
  docs: healthDocs,
});
