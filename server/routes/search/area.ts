import { defineArea } from '../../area.ts';
import { searchRoutes } from './index.ts';
import { searchDocs } from './openapi.ts';

/** The palette's search over the other areas' records (their `search`). */
export const searchArea = defineArea({
  name: 'search',
  mount: [{ path: '/search', app: searchRoutes }],
  docs: searchDocs,
});
