import { defineArea, reads } from '../../area.ts';
import { issues } from '../../db/schema/index.ts';
import { issueSearch } from '../../search/catalogue-providers.ts';
import { issueDeleted, issueRoutes } from './index.ts';
import { seedDemoCatalogue } from '../../seed/demo-catalogue.ts';
import { issueDocs } from './openapi.ts';

/** Issues (issue #9: what callers call about). */
export const issuesArea = defineArea({
  name: 'issues',
  mount: [{ path: '/issues', app: issueRoutes }],
  docs: issueDocs,
  resources: ['/issues', '/issues/{id}'],
  tables: [issues],
  search: { order: 50, providers: [issueSearch] },
  deleted: [issueDeleted],
  audit: { Issue: reads('/issues/{id}') },
  taggable: {
    Issue: {
      table: issues,
      id: issues.id,
      accountId: issues.accountId,
      name: issues.name,
      deletedAt: issues.deletedAt,
      resource: '/issues',
      path: (id) => `/practice/issues/${id}`,
      label: 'Issues',
    },
  },
  grants: { practiceAdministrator: ['/issues', '/issues/{id}'] },
  // Issues and insurance plans together (one step since issue #9).
  seed: [{ key: 'seeded.catalogue', order: 20, run: seedDemoCatalogue }],
});
