/** What happened: the audit log, its facets, and the log of reads of patient data. */
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    /**
     * Whether the write named the version it expected its record at (issue 44: a body `version` or
     * an `If-Match` header; then `expectedVersion` is it) or applied to the current version (false).
     * Null: a write that edits no versioned record (a create, a delete).
     */
    conditional: boolean('conditional'),
    expectedVersion: integer('expected_version'),
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
    /** 'view': the record's own page; 'list': it was among a list's or a search's answer; 'play': a recording played (issue 26). */
    action: text('action').$type<'view' | 'list' | 'play'>().notNull(),
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
