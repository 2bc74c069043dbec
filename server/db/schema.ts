import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  varchar,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ResourceGrants } from '../../domain/permissions.ts';
import type { Communication, NameEntry } from '../../domain/persons.ts';
import type { ContactPointSystem, ServiceProvider, SystemType } from '../../domain/contact-points.ts';
import type { InsuranceType } from '../../domain/insurances.ts';
import type { IssueCategory } from '../../domain/issues.ts';
import type { CampaignQuestion, CampaignStatus, SurveyAnswer } from '../../domain/campaigns.ts';
import { defaultTimeZone, type Recurrence, type ScheduleOwnerType } from '../../domain/schedules.ts';
import type { TaggedResourceType } from '../../domain/tags.ts';
import type { Address } from '../../domain/locations.ts';
import type { AgentGreetings } from '../../domain/queues.ts';

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

/**
 * Soft delete (issue 9): a deleted record keeps its row (and its associations) for 30 days so it
 * can be restored with the same id; every read leaves it out (`deleted_at is null`).
 */
const deletion = {
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: text('deleted_by'),
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

export type { NameEntry, Communication } from '../../domain/persons.ts';

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

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

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

/** Soft delete (issue #9): a deleted record keeps its row (and its associations) for 30 days of Undo and restore. */
const softDelete = {
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: text('deleted_by'),
};

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
    ...softDelete,
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
    ...softDelete,
  },
  (t) => [
    uniqueIndex('insurances_account_plan_name_unique').on(t.accountId, sql`lower(${t.insurancePlanName})`).where(sql`deleted_at is null`),
    index('insurances_account_plan_name').on(t.accountId, t.insurancePlanName, t.id).where(sql`deleted_at is null`),
  ],
);

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

/** The embedded identity provider's sign-in store (unused with an external provider). */
/** Schedules (issue #9): named calendars of the account, soft-deleted (restorable for 30 days). */
export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...common,
    name: text('name').notNull(),
    description: text('description'),
    ownerType: text('owner_type').$type<ScheduleOwnerType>(),
    ownerId: text('owner_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by'),
  },
  (t) => [index('schedules_account_name').on(t.accountId, t.name, t.id).where(sql`${t.deletedAt} is null`)],
);

/**
 * A schedule's time blocks. A series has a recurrence; an exception (one occurrence edited) has
 * the series as parent and the local date it replaces, and the series lists that date in exdates.
 */
export const scheduleTasks = pgTable(
  'schedule_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...common,
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    practitionerId: uuid('practitioner_id').references(() => practitioners.personId, { onDelete: 'set null' }),
    who: text('who'),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }).notNull(),
    notes: text('notes'),
    recurrence: jsonb('recurrence').$type<Recurrence>(),
    exdates: text('exdates').array().notNull().default(sql`'{}'::text[]`),
    parentId: uuid('parent_id').references((): AnyPgColumn => scheduleTasks.id, { onDelete: 'cascade' }),
    occurrenceDate: text('occurrence_date'),
    ...deletion,
  },
  (t) => [
    index('schedule_tasks_schedule').on(t.accountId, t.scheduleId),
    // One live exception per occurrence of a series.
    uniqueIndex('schedule_tasks_exception').on(t.parentId, t.occurrenceDate).where(sql`${t.deletedAt} is null`),
  ],
);

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
  (t) => [
    // The audit log screen pages newest first by the cursor (at, id): per account, across every
    // account (instance administrators), and filtered by record kind or by who.
    index('audit_account_at_id').on(t.accountId, t.at, t.id),
    index('audit_at_id').on(t.at, t.id),
    index('audit_account_type_at_id').on(t.accountId, t.resourceType, t.at, t.id),
    index('audit_account_actor_at_id').on(t.accountId, t.actorId, t.at, t.id),
    // The record's history, newest first (a retried PATCH looks up the change that made its record).
    index('audit_resource').on(t.accountId, t.resourceType, t.resourceId, t.id),
  ],
);

/**
 * Who read which patient's data (issue 24, HIPAA's audit controls): one row per record read, by
 * whom and through which credential, apart from the change log. Written in batches off the request
 * path (server/access-log.ts), read by administrators in the System log ("Viewed"). Only appended to.
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id').notNull(),
    /** When the record was read (not when the batch was written). */
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    /** A signed-in user's token, or an API key (then `actorId` is the key's id). */
    credential: text('credential').$type<'user' | 'api-key'>().notNull(),
    /** 'view': the record's own page; 'list': it was among a list's or a search's answer. */
    action: text('action').$type<'view' | 'list'>().notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id').notNull(),
  },
  (t) => [
    // Newest first by the cursor (at, id): per account and across accounts; and one record's readers.
    index('access_account_at_id').on(t.accountId, t.at, t.id),
    index('access_at_id').on(t.at, t.id),
    index('access_record').on(t.accountId, t.resourceType, t.resourceId, t.at),
  ],
);

/**
 * The audit log screen's filter choices, kept by a trigger on `audit_log` (migration
 * `audit_facets`): one row per account and kind of record (`kind` 'type', `value` the resource
 * type) and per account and actor (`kind` 'actor', `value` the actor id, `name` the name of their
 * newest entry, `lastAt` its time). Exact, and as small as the number of distinct values, so
 * `GET /audit/facets` no longer walks the log. The audit log is only ever appended to.
 */
export const auditFacets = pgTable(
  'audit_facets',
  {
    accountId: uuid('account_id').notNull(),
    kind: text('kind').$type<'type' | 'actor'>().notNull(),
    value: text('value').notNull(),
    name: text('name'),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind, t.value] })],
);

/**
 * What a write answered for an `Idempotency-Key`, per caller and account, so that a retried
 * submit whose answer was lost gets that answer again instead of making a duplicate. Written in
 * the transaction of the write itself; kept 24 hours (server/db/write.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: uuid('account_id').notNull(),
    callerId: text('caller_id').notNull(),
    key: text('key').notNull(),
    /** sha256 of method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    result: jsonb('result').$type<{ value?: unknown }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.callerId, t.key] })],
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

/**
 * The embedded identity provider's state (oidc-provider adapter): sessions, interactions, grants, codes and
 * refresh tokens, one row per model and id, so restarts keep everyone signed in and processes share it.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant').on(t.model, t.grantId),
    index('oidc_payloads_uid').on(t.model, t.uid),
    index('oidc_payloads_user_code').on(t.model, t.userCode),
    index('oidc_payloads_expires').on(t.expiresAt),
  ],
);

/**
 * Sign-in attempt counters of rate-limiter-flexible's PostgreSQL store (its own column layout), shared by
 * every server process. `expire` is in epoch milliseconds.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

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

/**
 * Call-center queues (spec §3 Queue): the account's contact-center queues as last synced, with the
 * portal's settings per queue. Keyed by the contact center's queue id; a queue the contact center
 * no longer lists keeps its row and settings with `removed_at` set (a later sync that finds it
 * again clears it).
 */
export const queues = pgTable(
  'queues',
  {
    accountId: common.accountId,
    queueId: text('queue_id').notNull(),
    queueArn: text('queue_arn').notNull(),
    queueName: text('queue_name').notNull(),
    agentGreetingImageLocationPath: text('agent_greeting_image_location_path'),
    agentGreetings: jsonb('agent_greetings').$type<AgentGreetings>().notNull().default({ inbound: null, outbound: null, callback: null }),
    dispositions: text('dispositions').array().notNull().default(sql`'{}'::text[]`),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdTimestamp: common.createdTimestamp,
    modifiedTimestamp: common.modifiedTimestamp,
    createdBy: common.createdBy,
    modifiedBy: common.modifiedBy,
    version: common.version,
  },
  (t) => [primaryKey({ columns: [t.accountId, t.queueId] }), index('queues_account_name').on(t.accountId, t.queueName)],
);

/**
 * Survey campaigns (spec §3 Campaign, §4; issue 11). `completed_count` is raised in the response's
 * own transaction (a row update, so concurrent responses serialise on it) and never bumps
 * `version`: a response arriving is no reason for an editor's save to conflict.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...common,
    name: text('name').notNull(),
    description: text('description'),
    status: text('status').$type<CampaignStatus>().notNull().default('running'),
    startTimestamp: timestamp('start_timestamp', { withTimezone: true }).notNull().defaultNow(),
    endTimestamp: timestamp('end_timestamp', { withTimezone: true }),
    questions: jsonb('questions').$type<CampaignQuestion[]>().notNull(),
    completedCount: integer('completed_count').notNull().default(0),
    reachedCount: integer('reached_count').notNull().default(0),
    requestCount: integer('request_count').notNull().default(0),
    /** The user who created it (the "first response" notification's recipient); null when seeded or made by an API key. */
    createdById: uuid('created_by_id'),
  },
  (t) => [index('campaigns_account_name').on(t.accountId, t.name, t.id)],
);

/**
 * The patients' answers (spec §3 Survey response). `answer` and `comment` repeat what `answers`
 * holds, as columns the results grid sorts and filters on and the chart counts.
 */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    startTimestamp: timestamp('start_timestamp', { withTimezone: true }).notNull().defaultNow(),
    endTimestamp: timestamp('end_timestamp', { withTimezone: true }).notNull().defaultNow(),
    answers: jsonb('answers').$type<SurveyAnswer[]>().notNull(),
    answer: integer('answer'),
    comment: text('comment'),
    externalId: text('external_id'),
    externalUser: text('external_user'),
    queryParameters: jsonb('query_parameters').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    // One response per externalId per campaign (issue 11); the check before the insert gives the message, this settles races.
    uniqueIndex('survey_responses_campaign_external_unique').on(t.campaignId, t.externalId).where(sql`external_id is not null`),
    index('survey_responses_account_campaign_end').on(t.accountId, t.campaignId, t.endTimestamp, t.id),
  ],
);

/**
 * A user's notifications (spec §3 Notification, issue 11): always one user's own, whatever account
 * they act in. `accountId` is the account the event happened in (tenancy: every row has one);
 * the user's own list spans all of them. Rows are written by the fan-out job
 * (server/notifications/), never by hand; a trigger tells listening processes (channel
 * `astera_notifications`, payload the user's id) so the bell updates without a reload.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.personId, { onDelete: 'cascade' }),
    read: boolean('read').notNull().default(false),
    title: text('title').notNull(),
    message: text('message').notNull(),
    jumpPath: text('jump_path'),
    createdTimestamp: timestamp('created_timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created').on(t.userId, t.createdTimestamp, t.id)],
);
