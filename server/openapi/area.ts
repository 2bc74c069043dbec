import { defineArea } from '../area.ts';
import { openApiDocs } from './areas.ts';
import { openApiRoutes } from './routes.ts';

/** The API's own reference (issue 44): before sign-in, made from the whole API. */
export const openApiArea = defineArea({
  name: 'openapi',
  mount: [{ path: '/', app: (api) => openApiRoutes(api), public: true }],
  docs: openApiDocs,
});
