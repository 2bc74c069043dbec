import { defineArea, reads } from '../../area.ts';
import { tags } from '../../db/schema/index.ts';
import { tagDeleted, tagRoutes } from './index.ts';
import { tagSearch } from './search.ts';
import { insertDemoCatalogueTags, insertDemoTags } from '../../seed/demo-tags.ts';
import { tagDocs } from './openapi.ts';

/** Tags on the other areas' records (their `taggable`). */
export const tagsArea = defineArea({
  name: 'tags',
  mount: [{ path: '/tag', app: tagRoutes }],
  docs: tagDocs,
  resources: ['/tag', '/tag/{id}'],
  tables: [tags],
  search: { order: 80, providers: [tagSearch] },
  deleted: [tagDeleted],
  // A tag also needs the record it tags (server/routes/audit/visibility.ts).
  audit: { Tag: reads('/tag/{id}') },
  grants: { practiceAdministrator: ['/tag', '/tag/{id}'] },
  // After the records they tag.
  seed: [{ key: 'seeded.tags', order: 150, run: insertDemoTags }, { key: 'seeded.tags.catalogue', order: 160, run: insertDemoCatalogueTags }],
});
