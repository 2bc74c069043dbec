/** Accounts, their roles and their API keys. */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ResourceGrants } from '../../../domain/permissions.ts';
import { defaultTimeZone } from '../../../domain/schedules.ts';
import { common } from './columns.ts';

export type AssumedAccount = { accountId: string; accountName: string };

export type AccountConfig = Record<string, unknown>;

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  abbreviation: text('abbreviation'),
  userSource: text('user_source'),
  domainNames: text('domain_names').array().notNull().default(sql`'{}'::text[]`),
  assumedAccounts: jsonb('assumed_accounts').$type<AssumedAccount[]>().notNull().default([]),
  active: boolean('active').notNull().default(true),
  config: jsonb('config').$type<AccountConfig>().notNull().default({}),
  /** Where the practice is: schedules recur by this wall clock (IANA name). */
  timeZone: text('time_zone').notNull().default(defaultTimeZone),
  createdTimestamp: common.createdTimestamp,
  modifiedTimestamp: common.modifiedTimestamp,
  createdBy: common.createdBy,
  modifiedBy: common.modifiedBy,
  version: common.version,
});

export type RoleTrust = Record<string, string>;

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...common,
    name: text('name').notNull(),
    resources: jsonb('resources').$type<ResourceGrants>().notNull().default({}),
    /** Account id → role id in that account whose holders may assume this role. */
    trustedRelationships: jsonb('trusted_relationships').$type<RoleTrust>().notNull().default({}),
    /** Account id → role id this role's holders may assume there. */
    assumeRoles: jsonb('assume_roles').$type<RoleTrust>().notNull().default({}),
    ccpConfig: jsonb('ccp_config').$type<Record<string, unknown> | null>(),
  },
  (t) => [uniqueIndex('roles_account_name').on(t.accountId, t.name)],
);

/**
 * API keys (spec §3, §6): a named secret of an account linked to one of its roles. Only the
 * secret's SHA-256 is stored (a 256-bit random secret needs no slow hash: it cannot be guessed,
 * only stolen, and its hash reveals nothing); the API finds a presented key by that hash.
 * Deleting is final (a deleted key's secret must never work again), so rows are removed.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...common,
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    /** A role of the same account (checked on write); cleared when the role is deleted, and the key may do nothing. */
    roleId: uuid('role_id').references(() => roles.id, { onDelete: 'set null' }),
    secretHash: text('secret_hash').notNull(),
    /** The secret's first characters, shown so a holder can tell keys apart (never enough to use it). */
    hint: text('hint').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash').on(t.secretHash),
    uniqueIndex('api_keys_account_name').on(t.accountId, sql`lower(${t.name})`),
    index('api_keys_role').on(t.roleId),
  ],
);
