import { defineArea } from '../../area.ts';
import { accessLog, auditFacets, auditLog } from '../../db/schema/index.ts';
import { auditRoutes } from './index.ts';
import { auditDocs } from './openapi.ts';

/** The System log: the change log and who read what. Its entries are the other areas' (their `audit`). */
export const auditArea = defineArea({
  name: 'audit',
  mount: [{ path: '/audit', app: auditRoutes }],
  docs: auditDocs,
  resources: ['/audit/entries', '/audit/views'],
  tables: [auditLog, accessLog, auditFacets],
  grants: { practiceAdministrator: ['/audit/entries', '/audit/views'] },
});
