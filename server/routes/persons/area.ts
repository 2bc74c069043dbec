import { defineArea, reads } from '../../area.ts';
import { personCounts, persons, practitionerPhotos, practitioners, users } from '../../db/schema/index.ts';
import { personSearchProviders } from '../../search/providers.ts';
import { personRoutes } from './index.ts';
import { seedDemoPeople } from '../../seed/demo-persons.ts';
import { personDocs } from './openapi.ts';

/** Persons, practitioners (and their photos) and users. */
export const personsArea = defineArea({
  name: 'persons',
  mount: [{ path: '/person', app: personRoutes }],
  docs: personDocs,
  resources: ['/person/persons', '/person/persons/{id}', '/person/practitioners', '/person/practitioners/{id}', '/person/users', '/person/users/{id}'],
  tables: [persons, personCounts, users, practitioners, practitionerPhotos],
  search: { order: 10, providers: personSearchProviders },
  audit: {
    Person: reads('/person/persons/{id}'),
    Practitioner: reads('/person/practitioners/{id}'),
    PractitionerPhoto: reads('/person/practitioners/{id}'),
    User: reads('/person/users/{id}'),
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
    practiceAdministrator: ['/person/persons', '/person/persons/{id}', '/person/practitioners', '/person/practitioners/{id}', '/person/users', '/person/users/{id}'],
    scheduler: [['/person/practitioners', ['GET']], ['/person/practitioners/{id}', ['GET']]],
    callCenterAgent: [['/person/persons', ['GET']], ['/person/persons/{id}', ['GET']]],
  },
  seed: [{ key: 'seeded.people', order: 10, run: seedDemoPeople }],
});
