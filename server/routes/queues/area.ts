import { defineArea, reads } from '../../area.ts';
import { queues } from '../../db/schema/index.ts';
import { queueRoutes } from './index.ts';
import { seedDemoQueues } from '../../seed/demo-queues.ts';
import { queueDocs } from './openapi.ts';

/** Call-center queues (from the contact center) and the agents' control panel. */
export const queuesArea = defineArea({
  name: 'queues',
  mount: [{ path: '/callcenter', app: queueRoutes }],
  docs: queueDocs,
  resources: ['/callcenter/queues', '/callcenter/queues/{queueId}', '/callcenter/ccp'],
  tables: [queues],
  audit: { Queue: reads('/callcenter/queues/{queueId}') },
  grants: {
    practiceAdministrator: ['/callcenter/queues', '/callcenter/queues/{queueId}'],
    callCenterAgent: [['/callcenter/queues', ['GET']], ['/callcenter/queues/{queueId}', ['GET']], ['/callcenter/ccp', ['GET', 'POST']]],
  },
  seed: [{ key: 'seeded.queues', order: 80, run: seedDemoQueues }],
});
