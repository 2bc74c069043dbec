import { defineArea, reads } from '../../area.ts';
import { practitionerPhotos, practitioners } from '../../db/schema/index.ts';
import { practitionerSearch } from '../../search/providers.ts';
import { practitionerRoutes } from './index.ts';
import { practitionerDocs } from './openapi.ts';

/** Practitioners and their photos, at /person/practitioners (made by the persons' demo seed). */
export const practitionersArea = defineArea({
  name: 'practitioners',
  mount: [{ path: '/person', app: practitionerRoutes }],
  docs: practitionerDocs,
  resources: ['/person/practitioners', '/person/practitioners/{id}'],
  tables: [practitioners, practitionerPhotos],
  search: { order: 12, providers: [practitionerSearch] },
  audit: {
    Practitioner: reads('/person/practitioners/{id}'),
    PractitionerPhoto: reads('/person/practitioners/{id}'),
  },
  taggable: {
    Practitioner: {
      table: practitioners,
      id: practitioners.personId,
      accountId: practitioners.accountId,
      name: practitioners.name,
      resource: '/person/practitioners',
      path: (id) => `/practice/practitioners/${id}`,
      label: 'Practitioners',
    },
  },
  grants: {
    practiceAdministrator: ['/person/practitioners', '/person/practitioners/{id}'],
    scheduler: [['/person/practitioners', ['GET']], ['/person/practitioners/{id}', ['GET']]],
  },
});
