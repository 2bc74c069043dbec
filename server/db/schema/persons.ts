/** Persons (spec §3) and what is a person: users, practitioners and their photos. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Communication, NameEntry } from '../../../domain/persons.ts';
import { common, bytea } from './columns.ts';
import { roles } from './accounts.ts';

export type { NameEntry, Communication } from '../../../domain/persons.ts';

export const persons = pgTable(
  'persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...common,
    name: jsonb('name').$type<NameEntry[]>().notNull(),
    /** Display name (first name entry's text), kept for sorting, filtering and search. */
    displayName: text('display_name').notNull(),
    /**
     * The display name lower-cased: lists sort by it (case-insensitive order) and filter it with
     * LIKE, which is several times cheaper per row than ILIKE on the display name.
     */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs(sql`lower(display_name)`),
    gender: text('gender'),
    orgRole: text('org_role'),
    communication: jsonb('communication').$type<Communication[]>().notNull().default([]),
    /**
     * Whether the person has a practitioner / user record: kept here (written in the same
     * transaction as those records) so the list can sort and page by them through an index.
     */
    practitionerRecord: boolean('practitioner_record').notNull().default(false),
    userRecord: boolean('user_record').notNull().default(false),
  },
  // One index per sortable list column (spec §2 Persons), each ending in id, the tie-break, and
  // holding the search name, which the filter reads: a page of a 100,000-person account, filtered
  // or not, is then an index-only range scan, forwards or backwards.
  (t) => [
    index('persons_account_name').on(t.accountId, t.searchName, t.id),
    index('persons_account_id').on(t.accountId, t.id, t.searchName),
    index('persons_account_org_role').on(t.accountId, t.orgRole, t.searchName, t.id),
    index('persons_account_practitioner').on(t.accountId, t.practitionerRecord, t.searchName, t.id),
    index('persons_account_user').on(t.accountId, t.userRecord, t.searchName, t.id),
  ],
);

/**
 * Persons per account, kept exact by statement-level triggers on `persons` (migration
 * 0003_persons_search): the unfiltered persons list answers its total from here instead of
 * counting 100,000 rows on every page.
 */
export const personCounts = pgTable('person_counts', {
  accountId: uuid('account_id').primaryKey(),
  persons: bigint('persons', { mode: 'number' }).notNull().default(0),
});

/** A user is a person's user record, keyed by the person's id (`/practice/users/{personId}`). */
export const users = pgTable(
  'users',
  {
    personId: uuid('person_id')
      .primaryKey()
      .references(() => persons.id, { onDelete: 'cascade' }),
    ...common,
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The identity provider's subject for this user. */
    principalId: text('principal_id').notNull(),
    source: text('source'),
    oktaId: text('okta_id'),
    active: boolean('active').notNull().default(true),
    roleId: uuid('role_id').references(() => roles.id),
    instanceAdmin: boolean('instance_admin').notNull().default(false),
    /** Per-user settings (theme, locale, time zone), written by the user themself. */
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('users_principal').on(t.principalId),
    index('users_account').on(t.accountId),
    index('users_account_name').on(t.accountId, t.name, t.personId),
  ],
);

/** A practitioner is a person's practitioner record, keyed by the person's id (spec §7). */
export const practitioners = pgTable(
  'practitioners',
  {
    personId: uuid('person_id')
      .primaryKey()
      .references(() => persons.id, { onDelete: 'cascade' }),
    ...common,
    active: boolean('active').notNull().default(true),
    name: text('name').notNull(),
    specialty: text('specialty'),
    // "group" is a reserved word in SQL.
    group: text('group_name'),
    initials: text('initials'),
    pronunciation: text('pronunciation'),
    synonyms: text('synonyms').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [index('practitioners_account_name').on(t.accountId, t.name, t.personId)],
);

/**
 * A practitioner's photo, apart from the practitioner row so lists and detail reads never carry
 * the bytes. PNG or JPEG (checked by magic bytes), at most 1 MB (domain/persons.ts).
 */
export const practitionerPhotos = pgTable('practitioner_photos', {
  personId: uuid('person_id')
    .primaryKey()
    .references(() => practitioners.personId, { onDelete: 'cascade' }),
  accountId: uuid('account_id').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  modifiedTimestamp: common.modifiedTimestamp,
  modifiedBy: common.modifiedBy,
});
