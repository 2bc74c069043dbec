/** Tags (spec §3) on the records of every area. */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TaggedResourceType } from '../../../domain/tags.ts';
import { common, deletion } from './columns.ts';

/**
 * Tags (spec §3): a key and a value on a record of the account, named by its type and id (no
 * foreign key: the record is one of several tables; routes check it exists in the account).
 * Key and value are compared without regard to case, so the unique rule and the lookups use
 * their lower-cased forms. Soft-deleted (issue 9): a removed tag can be restored for 30 days.
 */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...common,
    key: text('key').notNull(),
    value: text('value').notNull(),
    taggedResourceType: text('tagged_resource_type').$type<TaggedResourceType>().notNull(),
    taggedResourceId: uuid('tagged_resource_id').notNull(),
    ...deletion,
  },
  (t) => [
    // A record's tags (its Tags section, a list filtered by tag: one probe per row). Unique among
    // live tags: a removed tag can be added again, and then its restore is refused (409).
    uniqueIndex('tags_account_resource_key_value')
      .on(t.accountId, t.taggedResourceType, t.taggedResourceId, sql`lower(${t.key})`, sql`lower(${t.value})`)
      .where(sql`${t.deletedAt} is null`),
    // The records with a tag (the palette, GET /tag?key=&value=).
    index('tags_account_key_value').on(t.accountId, sql`lower(${t.key})`, sql`lower(${t.value})`),
  ],
);
