import { defineArea } from '../../area.ts';
import { deletedRoutes } from './index.ts';
import { deletedDocs } from './openapi.ts';

/** "Recently deleted": the other areas' soft-deleted records (their `deleted`); no records of its own. */
export const deletedArea = defineArea({
  name: 'deleted',
  mount: [{ path: '/deleted', app: deletedRoutes }],
  docs: deletedDocs,
});
