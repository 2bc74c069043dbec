import { contactPointSearch } from '../routes/contact-points/search.ts';
import { roleSearch } from './core-providers.ts';
import { personSearchProviders } from './providers.ts';
import type { SearchProvider } from './registry.ts';

/** Every searchable entity type, in palette order. Each API area adds its providers here. */
export const searchProviders: SearchProvider[] = [...personSearchProviders, contactPointSearch, roleSearch];
