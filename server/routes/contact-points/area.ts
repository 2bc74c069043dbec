import { defineArea, reads } from '../../area.ts';
import { contactPointCounts, contactPointPractitioners, contactPoints, contactPointWords } from '../../db/schema/index.ts';
import { contactPointDeleted, contactPointRoutes } from './index.ts';
import { contactPointSearch } from './search.ts';
import { seedDemoContactPoints } from '../../seed/demo-contact-points.ts';
import { contactPointDocs } from './openapi.ts';

/** Contact points (a practice's phone numbers, emails and sites) and their practitioners. */
export const contactPointsArea = defineArea({
  name: 'contact-points',
  mount: [{ path: '/contactpoints', app: contactPointRoutes }],
  docs: contactPointDocs,
  resources: ['/contactpoints/contact-points', '/contactpoints/contact-points/{id}', '/contactpoints/vip/{value}'],
  tables: [contactPoints, contactPointPractitioners, contactPointCounts, contactPointWords],
  search: { order: 20, providers: [contactPointSearch] },
  deleted: [contactPointDeleted],
  audit: { ContactPoint: reads('/contactpoints/contact-points/{id}') },
  taggable: {
    ContactPoint: {
      table: contactPoints,
      id: contactPoints.id,
      accountId: contactPoints.accountId,
      name: contactPoints.name,
      deletedAt: contactPoints.deletedAt,
      resource: '/contactpoints/contact-points',
      path: (id) => `/practice/contact-points/${id}`,
      label: 'Contact points',
    },
  },
  grants: {
    practiceAdministrator: ['/contactpoints/contact-points', '/contactpoints/contact-points/{id}', '/contactpoints/vip/{value}'],
    callCenterAgent: [['/contactpoints/contact-points', ['GET']], ['/contactpoints/contact-points/{id}', ['GET']], ['/contactpoints/vip/{value}', ['GET']]],
  },
  seed: [{ key: 'seeded.contact-points', order: 40, run: seedDemoContactPoints }],
});
