import { defineArea, reads } from '../../area.ts';
import { insurances } from '../../db/schema/index.ts';
import { insuranceSearch } from '../../search/catalogue-providers.ts';
import { insuranceDeleted, insuranceRoutes } from './index.ts';
import { insuranceDocs } from './openapi.ts';

/** Insurance plans (issue #9). */
export const insurancesArea = defineArea({
  name: 'insurances',
  mount: [{ path: '/insurances', app: insuranceRoutes }],
  docs: insuranceDocs,
  resources: ['/insurances', '/insurances/{id}'],
  tables: [insurances],
  search: { order: 60, providers: [insuranceSearch] },
  deleted: [insuranceDeleted],
  audit: { Insurance: reads('/insurances/{id}') },
  taggable: {
    Insurance: {
      table: insurances,
      id: insurances.id,
      accountId: insurances.accountId,
      name: insurances.insurancePlanName,
      deletedAt: insurances.deletedAt,
      resource: '/insurances',
      path: (id) => `/practice/insurances/${id}`,
      label: 'Insurances',
    },
  },
  grants: { practiceAdministrator: ['/insurances', '/insurances/{id}'] },
});
