import { defineArea, reads } from '../../area.ts';
import { personCounts, persons } from '../../db/schema/index.ts';
import { personSearch } from '../../search/providers.ts';
import { personRoutes } from './index.ts';
import { seedDemoPeople } from '../../seed/demo-persons.ts';
import { personDocs } from './openapi.ts';

/**
 * Persons, at /person/persons. Their user and practitioner records (server/routes/users/,
 * server/routes/practitioners/) are mounted at /person beside them; the demo seed makes all three.
 */
export const personsArea = defineArea({
  name: 'persons',
  mount: [{ path: '/person', app: personRoutes }],
  docs: personDocs,
  resources: ['/person/persons', '/person/persons/{id}'],
  tables: [persons, personCounts],
  search: { order: 10, providers: [personSearch] },
  audit: { Person: reads('/person/persons/{id}') },
  grants: {
    practiceAdministrator: ['/person/persons', '/person/persons/{id}'],
    callCenterAgent: [['/person/persons', ['GET']], ['/person/persons/{id}', ['GET']]],
  },
  seed: [{ key: 'seeded.people', order: 10, run: seedDemoPeople }],
});
