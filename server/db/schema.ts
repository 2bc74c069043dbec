import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ResourceGrants } from '../../domain/permissions.ts';

/** The common fields of spec §3: set by the server, never editable. */
const common = {
  accountId: uuid('account_id').notNull(),
  createdTimestamp: timestamp('created_timestamp', { withTimezone: true }).notNull().defaultNow(),
  modifiedTimestamp: timestamp('modified_timestamp', { withTimezone: true }).notNull().defaultNow(),
  createdBy: text('created_by').notNull(),
  modifiedBy: text('modified_by').notNull(),
  /** Optimistic concurrency: an update naming an older version is refused (409). */
  version: integer('version').notNull().default(1),
};

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

export type NameEntry = {
  use: string;
  text?: string;
  family: string;
  given: string[];
  prefix?: string[];
  suffix?: string[];
  period?: { start?: string; end?: string };
};
export type Communication = { code: string; preferred: boolean };

export const persons = pgTable(
  'persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...common,
    name: jsonb('name').$type<NameEntry[]>().notNull(),
    /** Display name (first name entry's text), kept for sorting, filtering and search. */
    displayName: text('display_name').notNull(),
    gender: text('gender'),
    orgRole: text('org_role'),
    communication: jsonb('communication').$type<Communication[]>().notNull().default([]),
  },
  (t) => [index('persons_account_name').on(t.accountId, t.displayName)],
);

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
  (t) => [uniqueIndex('users_principal').on(t.principalId), index('users_account').on(t.accountId)],
);

/** The embedded identity provider's sign-in store (unused with an external provider). */
export const credentials = pgTable('credentials', {
  subject: text('subject').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_account_at').on(t.accountId, t.at)],
);

/** JWT access tokens cannot be revoked at the provider: the API refuses these ids until expiry. */
export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
