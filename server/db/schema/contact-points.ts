/** Contact points (spec §3), the practitioners they reach, and what their list reads. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ContactPointSystem, ServiceProvider, SystemType } from '../../../domain/contact-points.ts';
import { common, deletion } from './columns.ts';
import { practitioners } from './persons.ts';

/**
 * Contact points (spec §3): the value as typed beside its normalised form (E.164 for phone-like
 * systems), which is unique per system in an account and what the VIP lookup reads.
 */
export const contactPoints = pgTable(
  'contact_points',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...common,
    name: text('name').notNull(),
    value: text('value').notNull(),
    normalizedValue: text('normalized_value').notNull(),
    system: text('system').$type<ContactPointSystem>().notNull(),
    serviceProvider: text('service_provider').$type<ServiceProvider>().notNull(),
    description: text('description'),
    systemType: text('system_type').$type<SystemType>(),
    rank: integer('rank').notNull(),
    vip: boolean('vip').notNull().default(false),
    /**
     * What the list's filter matches: the name and the value as typed, lowercased once when the
     * row is written (not on every row a filter reads), a line break between them so a match never
     * spans the two. Its trigram index and the sort indexes that carry it are in 0023.
     */
    search: text('search')
      .notNull()
      .generatedAlwaysAs(sql`lower(name) || E'\\n' || lower(value)`),
    ...deletion,
  },
  (t) => [
    // A deleted contact point frees its number (a restore checks it is still free).
    uniqueIndex('contact_points_account_system_value').on(t.accountId, t.system, t.normalizedValue).where(sql`${t.deletedAt} is null`),
    // The VIP lookup of every incoming call: one index probe, whatever the system.
    index('contact_points_account_value').on(t.accountId, t.normalizedValue).where(sql`${t.deletedAt} is null`),
    // 0023 rebuilds it carrying `search` (INCLUDE, which drizzle cannot declare), as the other sort indexes.
    index('contact_points_account_name').on(t.accountId, t.name, t.id).where(sql`${t.deletedAt} is null`),
    // "Recently deleted": the account's deleted ones, newest first.
    index('contact_points_account_deleted').on(t.accountId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
  ],
);

/** Practitioners associated with a contact point (both of the same account), at most 25 on either side. */
export const contactPointPractitioners = pgTable(
  'contact_point_practitioners',
  {
    contactPointId: uuid('contact_point_id')
      .notNull()
      .references(() => contactPoints.id, { onDelete: 'cascade' }),
    practitionerId: uuid('practitioner_id')
      .notNull()
      .references(() => practitioners.personId, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.contactPointId, t.practitionerId] }), index('contact_point_practitioners_practitioner').on(t.practitionerId)],
);

/** Live (not deleted) contact points per account, exact, kept by triggers (0014), so an unfiltered list page costs one row to count. */
export const contactPointCounts = pgTable('contact_point_counts', {
  accountId: uuid('account_id').primaryKey(),
  live: bigint('live', { mode: 'number' }).notNull().default(0),
});

/**
 * The words of the account's contact point names (kept by a trigger, 0014): the palette corrects a
 * mistyped word against these few hundred words instead of comparing it with every name.
 */
export const contactPointWords = pgTable(
  'contact_point_words',
  {
    accountId: uuid('account_id').notNull(),
    word: text('word').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.word] })],
);
