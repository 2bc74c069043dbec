import { defineArea, reads } from '../../area.ts';
import { apiKeys } from '../../db/schema/index.ts';
import { apiKeyRoutes } from './index.ts';
import { apiKeySearch } from './search.ts';
import { seedDemoApiKeys } from '../../seed/demo-apikeys.ts';
import { apiKeyDocs } from './openapi.ts';

/** API keys of an account. */
export const apiKeysArea = defineArea({
  name: 'apikeys',
  // Before /permissions (server/areas.ts), whose sub-app owns the rest of the path.
  mount: [{ path: '/permissions/apikeys', app: apiKeyRoutes }],
  docs: apiKeyDocs,
  resources: ['/permissions/apikeys', '/permissions/apikeys/{id}'],
  tables: [apiKeys],
  search: { order: 90, providers: [apiKeySearch] },
  audit: { ApiKey: reads('/permissions/apikeys/{id}') },
  seed: [{ key: 'seeded.apikeys', order: 60, run: seedDemoApiKeys }],
});
