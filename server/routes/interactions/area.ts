import { defineArea, reads } from '../../area.ts';
import { interactionComments, interactions } from '../../db/schema/index.ts';
import { interactionDeleted, interactionRoutes } from './index.ts';
import { recordingRoutes } from './recordings.ts';
import { interactionSearch } from './search.ts';
import { seedDemoInteractions } from '../../seed/demo-interactions.ts';
import { interactionDocs } from './openapi.ts';

/** The call history: interactions, their comments and recordings (issue 26). */
export const interactionsArea = defineArea({
  name: 'interactions',
  mount: [
    { path: '/interactions', app: interactionRoutes },
    // A call's recordings (issue 26), beside the other routes of /interactions/interactions.
    { path: '/interactions/interactions', app: recordingRoutes },
  ],
  docs: interactionDocs,
  resources: ['/interactions/interactions'],
  tables: [interactions, interactionComments],
  search: { order: 120, providers: [interactionSearch] },
  deleted: [interactionDeleted],
  audit: {
    Interaction: reads('/interactions/interactions'),
    InteractionComment: reads('/interactions/interactions'),
    // A recording's plays (access log) are shown to those who may play it.
    Recording: reads('/interactions/interactions'),
  },
  grants: {
    // A practice's administrators are its supervisors, who run its call center (migration 0031 for existing roles).
    practiceAdministrator: ['/interactions/interactions'],
    callCenterAgent: [['/interactions/interactions', ['GET', 'POST', 'PATCH']]],
  },
  // Last: after the queues and people its calls are between.
  seed: [{ key: 'seeded.interactions', order: 170, run: seedDemoInteractions }],
});
