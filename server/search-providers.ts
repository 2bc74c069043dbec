import { accountSearch } from './routes/accounts/search.ts';
import { apiKeySearch } from './routes/apikeys/search.ts';
import { catalogueSearchProviders } from './search/catalogue-providers.ts';
import { tagSearch } from './routes/tags/search.ts';
import { locationSearch } from './routes/locations/search.ts';
import { contactPointSearch } from './routes/contact-points/search.ts';
import { roleSearch } from './search/core-providers.ts';
import { personSearchProviders } from './search/providers.ts';
import type { SearchProvider } from './search/registry.ts';
import { scheduleSearch } from './routes/schedules/search.ts';
import { campaignSearch } from './routes/surveys/search.ts';
import { interactionSearch } from './routes/interactions/search.ts';

/**
 * Every searchable entity type, in palette order. Each API area adds its providers here: they are
 * composed beside the app (server/app.ts mounts `searchRoutes(searchProviders)`), so that
 * server/search/ stays below the routes that provide them.
 */
export const searchProviders: SearchProvider[] = [...personSearchProviders, contactPointSearch, locationSearch, roleSearch, ...catalogueSearchProviders, scheduleSearch, tagSearch, apiKeySearch, campaignSearch, accountSearch, interactionSearch];
