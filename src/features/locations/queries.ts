import type { Location, LocationCreate, LocationList, LocationPatch, LocationSort } from '../../../domain/locations.ts';
import type { ListSearch } from '../../lib/list-search.ts';
import { recordQueries } from '../../lib/record-queries.ts';

/** The list's URL state; `tag` filters by tag (`key` or `key:value`). */
export type LocationListSearch = ListSearch<LocationSort> & { tag: string };

const locations = recordQueries<Location, LocationList, LocationListSearch, LocationCreate, LocationPatch>({ area: 'locations', collection: '/locations/locations', searched: true });

/** Query keys of locations; the account comes first (switching accounts clears them all). */
export const locationKeys = locations.keys;
export const locationListQuery = locations.listQuery;
export const locationQuery = locations.recordQuery;
export const useCreateLocation = locations.useCreate;
export const useUpdateLocation = locations.useUpdate;
export const locationDeleteTarget = locations.deleteTarget('Location');
