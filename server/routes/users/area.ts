import { defineArea, reads } from '../../area.ts';
import { users } from '../../db/schema/index.ts';
import { userSearch } from '../../search/providers.ts';
import { userRoutes } from './index.ts';
import { userDocs } from './openapi.ts';

/** Users: a person's sign-in and role, at /person/users (made by the persons' demo seed). */
export const usersArea = defineArea({
  name: 'users',
  mount: [{ path: '/person', app: userRoutes }],
  docs: userDocs,
  resources: ['/person/users', '/person/users/{id}'],
  tables: [users],
  search: { order: 11, providers: [userSearch] },
  audit: { User: reads('/person/users/{id}') },
  grants: { practiceAdministrator: ['/person/users', '/person/users/{id}'] },
});
