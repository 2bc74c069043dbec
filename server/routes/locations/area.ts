import { defineArea, reads } from '../../area.ts';
import { locations } from '../../db/schema/index.ts';
import { locationDeleted, locationRoutes } from './index.ts';
import { locationSearch } from './search.ts';
import { seedDemoLocations } from '../../seed/demo-locations.ts';
import { locationDocs } from './openapi.ts';

/** A practice's locations. */
export const locationsArea = defineArea({
  name: 'locations',
  mount: [{ path: '/locations', app: locationRoutes }],
  docs: locationDocs,
  resources: ['/locations/locations', '/locations/locations/{id}'],
  tables: [locations],
  search: { order: 30, providers: [locationSearch] },
  deleted: [locationDeleted],
  audit: { Location: reads('/locations/locations/{id}') },
  taggable: {
    Location: {
      table: locations,
      id: locations.id,
      accountId: locations.accountId,
      name: locations.name,
      deletedAt: locations.deletedAt,
      resource: '/locations/locations',
      path: (id) => `/practice/locations/${id}`,
      label: 'Locations',
    },
  },
  grants: {
    practiceAdministrator: ['/locations/locations', '/locations/locations/{id}'],
    scheduler: [['/locations/locations', ['GET']], ['/locations/locations/{id}', ['GET']]],
  },
  seed: [{ key: 'seeded.locations', order: 50, run: seedDemoLocations }],
});
