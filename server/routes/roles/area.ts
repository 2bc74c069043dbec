import { defineArea, reads } from '../../area.ts';
import { roles } from '../../db/schema/index.ts';
import { roleSearch } from '../../search/core-providers.ts';
import { roleRoutes } from './index.ts';
import { seedDemoRoles } from '../../seed/demo-roles.ts';
import { roleDocs } from './openapi.ts';

/** Roles, policies and the caller's access policy. */
export const rolesArea = defineArea({
  name: 'roles',
  mount: [{ path: '/permissions', app: roleRoutes }],
  docs: roleDocs,
  resources: ['/permissions/accesspolicy', '/permissions/roles', '/permissions/roles/{id}', '/permissions/policies', '/permissions/policies/{id}'],
  tables: [roles],
  search: { order: 40, providers: [roleSearch] },
  audit: { Policy: reads('/permissions/policies/{id}'), Role: reads('/permissions/roles/{id}') },
  grants: {
    practiceAdministrator: ['/permissions/accesspolicy'],
    scheduler: [['/permissions/accesspolicy', ['GET']]],
    callCenterAgent: [['/permissions/accesspolicy', ['GET']]],
  },
  seed: [{ key: 'seeded.roles', order: 90, run: seedDemoRoles }],
});
