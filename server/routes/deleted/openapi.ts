import * as v from 'valibot';
import type { DeletedList } from '../../../domain/deleted.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, dateTime, example } from '../../openapi/schemas.ts';

/** Recently deleted (server/routes/deleted/index.ts). */

const deletedListAnswer = answerOf<DeletedList>()(
  v.object({
    items: v.array(
      v.object({
        resourceType: v.string(),
        id: v.string(),
        name: v.string(),
        deletedAt: dateTime,
        deletedBy: v.string(),
        path: v.pipe(v.string(), v.description('The record’s screen in the portal, once restored.')),
        restorePath: v.pipe(v.string(), v.description('`POST` here restores it.')),
      }),
    ),
  }),
);

export const deletedDocs = areaDocs({
  'GET /deleted': {
    summary: 'What this account deleted in the last 30 days, newest first',
    answer: deletedListAnswer,
    queryExample: { limit: '20' },
    answerExample: {
      items: [{ resourceType: 'Location', id: example.id, name: 'Riverside clinic', deletedAt: example.later, deletedBy: example.actor, path: `/practice/locations/${example.id}`, restorePath: `/locations/locations/${example.id}/restore` }],
    },
  },
});
