/** The account's catalogue: issues, insurances and locations. */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { InsuranceType } from '../../../domain/insurances.ts';
import type { IssueCategory } from '../../../domain/issues.ts';
import type { Address } from '../../../domain/locations.ts';
import { common, deletion } from './columns.ts';

/** The account's catalogue of reasons a patient calls (interactions record them as conditions). */
export const issues = pgTable(
  'issues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...common,
    name: text('name').notNull(),
    description: text('description'),
    category: text('category').$type<IssueCategory>(),
    urgent: boolean('urgent').notNull().default(false),
    active: boolean('active').notNull().default(true),
    ...deletion,
  },
  (t) => [
    // One issue per name (any case) among those not deleted.
    uniqueIndex('issues_account_name_unique').on(t.accountId, sql`lower(${t.name})`).where(sql`deleted_at is null`),
    index('issues_account_name').on(t.accountId, t.name, t.id).where(sql`deleted_at is null`),
  ],
);

/** The insurance plans the practice deals with (spec §3 Insurance). */
export const insurances = pgTable(
  'insurances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...common,
    insurancePlanName: text('insurance_plan_name').notNull(),
    insuranceType: text('insurance_type').array().$type<InsuranceType[]>().notNull().default(sql`'{}'::text[]`),
    planPrefix: text('plan_prefix').array().notNull().default(sql`'{}'::text[]`),
    isWorkercomp: boolean('is_workercomp').notNull().default(false),
    isMedicare: boolean('is_medicare').notNull().default(false),
    isMedicade: boolean('is_medicade').notNull().default(false),
    isReferralRequired: boolean('is_referral_required').notNull().default(false),
    isAuthorizationRequired: boolean('is_authorization_required').notNull().default(false),
    isOkToBringAuthorization: boolean('is_ok_to_bring_authorization').notNull().default(false),
    isInNetwork: boolean('is_in_network').notNull().default(true),
    isSecondaryOnly: boolean('is_secondary_only').notNull().default(false),
    ...deletion,
  },
  (t) => [
    uniqueIndex('insurances_account_plan_name_unique').on(t.accountId, sql`lower(${t.insurancePlanName})`).where(sql`deleted_at is null`),
    index('insurances_account_plan_name').on(t.accountId, t.insurancePlanName, t.id).where(sql`deleted_at is null`),
  ],
);

/**
 * Locations (spec §3): name, services and addresses (a list of spec §3 addresses, kept whole as
 * JSON: they are read and written with their location, never on their own). Soft-deleted: a
 * deleted location keeps its row (deleted_at/by) for 30 days' restore and is invisible to reads.
 */
export const locations = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...common,
    name: text('name').notNull(),
    services: text('services').array().notNull().default(sql`'{}'::text[]`),
    addresses: jsonb('addresses').$type<Address[]>().notNull().default([]),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by'),
  },
  // A practice has a handful of locations: lists and search read its live ones by this index.
  (t) => [index('locations_account_name').on(t.accountId, t.name, t.id).where(sql`deleted_at is null`)],
);
